CREATE TABLE "stored_file_removals" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A workspace's stored files (its photos and their thumbnails, its buyers' and buyer offers'
-- proof-of-funds files) are queued for removal in its delete's own transaction, before its rows
-- go by cascade: removeQueuedFiles removes them from the storage once that committed.
CREATE FUNCTION queue_workspace_file_removals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stored_file_removals (key)
    SELECT storage_key FROM photos WHERE workspace_id = OLD.id
    UNION SELECT thumbnail_key FROM photos WHERE workspace_id = OLD.id
    UNION SELECT proof_of_funds_file_key FROM buyers
      WHERE workspace_id = OLD.id AND proof_of_funds_file_key IS NOT NULL
    UNION SELECT proof_of_funds_file_key FROM buyer_offers
      WHERE workspace_id = OLD.id AND proof_of_funds_file_key IS NOT NULL
  ON CONFLICT (key) DO NOTHING;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER organization_queue_file_removals
  BEFORE DELETE ON "organization"
  FOR EACH ROW EXECUTE FUNCTION queue_workspace_file_removals();
