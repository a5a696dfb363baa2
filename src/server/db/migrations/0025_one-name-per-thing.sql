-- Issue 38: one name per thing. The price a homeowner answers with is the spec's "desired price"
-- everywhere: on the lead (was counter_amount, which also held an accepted price) and in its history
-- (was amount). Renames keep every value.
ALTER TABLE "leads" RENAME COLUMN "counter_amount" TO "desired_price";--> statement-breakpoint
ALTER TABLE "lead_events" RENAME COLUMN "amount" TO "desired_price";--> statement-breakpoint
-- The live change feed carries a workspace's changes (and its members' sessions and memberships):
-- its channel is named for workspaces, 'workspace_changes' (was 'user_changes').
CREATE OR REPLACE FUNCTION notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'workspace_changes',
    json_build_object('userId', COALESCE(NEW.user_id, OLD.user_id), 'table', TG_TABLE_NAME)::text
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_workspace_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  workspace text := COALESCE(NEW.workspace_id, OLD.workspace_id);
BEGIN
  IF workspace IS NOT NULL THEN
    PERFORM pg_notify('workspace_changes', json_build_object('workspaceId', workspace, 'table', TG_TABLE_NAME)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A homeowner's e-mail is keyed one way everywhere (homeowner-email-key.ts homeownerEmailKey): leads
-- stored before, keyed lower-cased only, get that key too (no +tag; at Gmail no dots, on gmail.com),
-- unless another lead of the same offer link already holds it (the two stay apart, as they were).
WITH "rekeyed" AS (
  SELECT "id", "offer_link_id", CASE
      WHEN split_part("tagless", '@', 2) IN ('gmail.com', 'googlemail.com')
        THEN replace(split_part("tagless", '@', 1), '.', '') || '@gmail.com'
      ELSE "tagless"
    END AS "key"
  FROM (
    SELECT "id", "offer_link_id", regexp_replace("contact_key", '^([^@+]+)\+[^@]*@', '\1@') AS "tagless"
    FROM "leads" WHERE "contact_key" LIKE '%@%'
  ) AS "keys"
), "movable" AS (
  SELECT DISTINCT ON ("offer_link_id", "key") "id", "key" FROM "rekeyed"
  WHERE NOT EXISTS (
    SELECT 1 FROM "leads" WHERE "leads"."offer_link_id" IS NOT DISTINCT FROM "rekeyed"."offer_link_id"
      AND "leads"."contact_key" = "rekeyed"."key"
  )
  ORDER BY "offer_link_id", "key", "id"
)
UPDATE "leads" SET "contact_key" = "movable"."key" FROM "movable" WHERE "leads"."id" = "movable"."id";
