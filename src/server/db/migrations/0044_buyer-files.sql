ALTER TABLE "buyer_offers" ADD CONSTRAINT "buyer_offers_proof_of_funds_check" CHECK (("buyer_offers"."proof_of_funds_file_key" is null and "buyer_offers"."proof_of_funds_content_type" is null) or ("buyer_offers"."proof_of_funds_file_key" is not null and "buyer_offers"."proof_of_funds_content_type" is not null and "buyer_offers"."proof_of_funds_content_type" in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')));--> statement-breakpoint
-- A deleted buyer's proof-of-funds file, and those of the offers that go with them (by cascade, or
-- with their lead), are queued for removal in the delete's own transaction: removeQueuedFiles
-- removes them from the storage once that committed (the caller at once, else the periodic run).
CREATE FUNCTION queue_proof_of_funds_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.proof_of_funds_file_key IS NOT NULL THEN
    INSERT INTO stored_file_removals (key) VALUES (OLD.proof_of_funds_file_key) ON CONFLICT (key) DO NOTHING;
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER buyers_queue_file_removal
  BEFORE DELETE ON "buyers"
  FOR EACH ROW EXECUTE FUNCTION queue_proof_of_funds_removal();
--> statement-breakpoint
CREATE TRIGGER buyer_offers_queue_file_removal
  BEFORE DELETE ON "buyer_offers"
  FOR EACH ROW EXECUTE FUNCTION queue_proof_of_funds_removal();
