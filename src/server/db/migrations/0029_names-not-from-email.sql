-- Issue 42 §6: no name is made of an e-mail's local part. Sign-up no longer sends one as the
-- account's name, so a new account's own workspace is named 'My workspace' when it has no name.
CREATE OR REPLACE FUNCTION create_own_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO organization (id, name, slug) VALUES (NEW.id, COALESCE(NULLIF(btrim(NEW.name), ''), 'My workspace'), NEW.id);
  INSERT INTO member (id, organization_id, user_id, role, sees_all_leads, may_bulk_send_and_export)
  VALUES (NEW.id, NEW.id, NEW.id, 'owner', true, true);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Names the register page made of the local part before: the workspace's, then the account's.
UPDATE "organization" SET "name" = 'My workspace'
  FROM "user"
  WHERE "organization"."id" = "user"."id" AND "organization"."name" = split_part("user"."email", '@', 1);--> statement-breakpoint
UPDATE "user" SET "name" = '' WHERE "name" = split_part("email", '@', 1);
