-- Issue 26: workspaces. Every row a business owns moves from its user to a workspace (Better Auth's
-- organization plugin's tables). Each existing user gets a workspace of their own whose id is the
-- user's id, with them as its Owner, so every row's owner column already holds its workspace's id:
-- renaming the column moves the data, and nothing is lost.
CREATE TABLE "organization" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"logo" text,
	"metadata" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lead_assignment" text DEFAULT 'member' NOT NULL,
	"lead_assignee_user_id" text,
	CONSTRAINT "organization_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "member" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sees_all_leads" boolean DEFAULT true NOT NULL,
	"may_bulk_send_and_export" boolean DEFAULT false NOT NULL,
	"last_assigned_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"inviter_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization" ADD CONSTRAINT "organization_lead_assignee_user_id_user_id_fk" FOREIGN KEY ("lead_assignee_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_inviter_id_user_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_organization_user_idx" ON "member" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "member_user_idx" ON "member" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invitation_organization_idx" ON "invitation" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "invitation_email_idx" ON "invitation" USING btree ("email");--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "active_organization_id" text;--> statement-breakpoint
-- Every existing user's own workspace, with them as its Owner (both switches on).
INSERT INTO "organization" ("id", "name", "slug", "created_at") SELECT "id", "name", "id", "created_at" FROM "user";--> statement-breakpoint
INSERT INTO "member" ("id", "organization_id", "user_id", "role", "sees_all_leads", "may_bulk_send_and_export", "created_at")
  SELECT "id", "id", "id", 'owner', true, true, "created_at" FROM "user";--> statement-breakpoint
-- Owned by the workspace now: the owner column is renamed (its values are the workspaces' ids).
ALTER TABLE "custom_formula_templates" DROP CONSTRAINT "custom_formula_templates_user_id_user_id_fk";--> statement-breakpoint
DROP INDEX "custom_formula_templates_user_name_idx";--> statement-breakpoint
ALTER TABLE "custom_formula_templates" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "custom_formula_templates" ADD CONSTRAINT "custom_formula_templates_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_formula_templates_workspace_name_idx" ON "custom_formula_templates" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
ALTER TABLE "saved_properties" DROP CONSTRAINT "saved_properties_user_id_user_id_fk";--> statement-breakpoint
DROP INDEX "saved_properties_user_created_idx";--> statement-breakpoint
ALTER TABLE "saved_properties" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "saved_properties" ADD CONSTRAINT "saved_properties_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_properties_workspace_created_idx" ON "saved_properties" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_user_id_user_id_fk";--> statement-breakpoint
ALTER TABLE "subscriptions" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "extra_seats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wholesaler_settings" DROP CONSTRAINT "wholesaler_settings_user_id_user_id_fk";--> statement-breakpoint
ALTER TABLE "wholesaler_settings" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "wholesaler_settings" RENAME CONSTRAINT "wholesaler_settings_user_id_setting_name_pk" TO "wholesaler_settings_workspace_id_setting_name_pk";--> statement-breakpoint
ALTER TABLE "wholesaler_settings" ADD CONSTRAINT "wholesaler_settings_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The leads' notify trigger of 0007 reads owner_user_id: it goes before the column is renamed, or the
-- assignment below fails on the first owned lead (notify_workspace_change replaces it at the end).
DROP TRIGGER "leads_notify_owner_change" ON "leads";--> statement-breakpoint
DROP FUNCTION notify_lead_owner_change();--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_owner_user_id_user_id_fk";--> statement-breakpoint
DROP INDEX "leads_owner_responded_idx";--> statement-breakpoint
DROP INDEX "leads_owner_status_responded_idx";--> statement-breakpoint
ALTER TABLE "leads" RENAME COLUMN "owner_user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each lead is assigned to the one person who worked it until now.
ALTER TABLE "leads" ADD COLUMN "assignee_user_id" text;--> statement-breakpoint
UPDATE "leads" SET "assignee_user_id" = "workspace_id" WHERE "workspace_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assignee_user_id_user_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_workspace_responded_idx" ON "leads" USING btree ("workspace_id","responded_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_workspace_status_responded_idx" ON "leads" USING btree ("workspace_id","status","responded_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_workspace_assignee_responded_idx" ON "leads" USING btree ("workspace_id","assignee_user_id","responded_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Rows that also say who made them keep their user and gain their workspace.
ALTER TABLE "offer_links" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "offer_links" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "offer_links" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_links" ADD CONSTRAINT "offer_links_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP INDEX "offer_links_user_idx";--> statement-breakpoint
CREATE INDEX "offer_links_workspace_idx" ON "offer_links" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "bulk_send_jobs" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "bulk_send_jobs" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "bulk_send_jobs" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_send_jobs" ADD CONSTRAINT "bulk_send_jobs_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "released_handles" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "released_handles" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "released_handles" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "released_handles" ADD CONSTRAINT "released_handles_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A profile is a member's face in one workspace.
ALTER TABLE "wholesaler_profiles" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "wholesaler_profiles" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "wholesaler_profiles" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wholesaler_profiles" DROP CONSTRAINT "wholesaler_profiles_pkey";--> statement-breakpoint
ALTER TABLE "wholesaler_profiles" ADD CONSTRAINT "wholesaler_profiles_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id");--> statement-breakpoint
ALTER TABLE "wholesaler_profiles" ADD CONSTRAINT "wholesaler_profiles_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Who did what: the history a wholesaler wrote so far was written by the workspace's one member.
ALTER TABLE "lead_events" ADD COLUMN "actor_user_id" text;--> statement-breakpoint
UPDATE "lead_events" SET "actor_user_id" = "leads"."workspace_id"
  FROM "leads" WHERE "lead_events"."lead_id" = "leads"."id" AND "lead_events"."kind" IN ('status', 'note', 'revised-offer');--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A new user's own workspace comes with the user, atomically (Better Auth runs no transaction):
-- the user is its Owner, and the workspace's free plan comes with the workspace.
DROP TRIGGER "user_create_free_subscription" ON "user";--> statement-breakpoint
CREATE OR REPLACE FUNCTION create_free_subscription() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subscriptions (workspace_id, plan) VALUES (NEW.id, 'free')
  ON CONFLICT (workspace_id) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER organization_create_free_subscription
  AFTER INSERT ON "organization"
  FOR EACH ROW EXECUTE FUNCTION create_free_subscription();
--> statement-breakpoint
CREATE FUNCTION create_own_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO organization (id, name, slug) VALUES (NEW.id, NEW.name, NEW.id);
  INSERT INTO member (id, organization_id, user_id, role, sees_all_leads, may_bulk_send_and_export)
  VALUES (NEW.id, NEW.id, NEW.id, 'owner', true, true);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_create_own_workspace
  AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION create_own_workspace();
--> statement-breakpoint
-- A user's own workspace goes with the user, as their rows did before workspaces.
CREATE FUNCTION delete_own_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM organization WHERE id = OLD.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_delete_own_workspace
  AFTER DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION delete_own_workspace();
--> statement-breakpoint
-- The live change feed (src/server/events) announces a workspace's changes to the workspace,
-- and a membership's end to its user, whichever process made them.
CREATE FUNCTION notify_workspace_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  workspace text := COALESCE(NEW.workspace_id, OLD.workspace_id);
BEGIN
  IF workspace IS NOT NULL THEN
    PERFORM pg_notify('user_changes', json_build_object('workspaceId', workspace, 'table', TG_TABLE_NAME)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "saved_properties_notify_user_change" ON "saved_properties";--> statement-breakpoint
DROP TRIGGER "subscriptions_notify_user_change" ON "subscriptions";--> statement-breakpoint
CREATE TRIGGER saved_properties_notify_workspace_change
  AFTER INSERT OR UPDATE OR DELETE ON saved_properties
  FOR EACH ROW EXECUTE FUNCTION notify_workspace_change();
--> statement-breakpoint
CREATE TRIGGER subscriptions_notify_workspace_change
  AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION notify_workspace_change();
--> statement-breakpoint
CREATE TRIGGER leads_notify_workspace_change
  AFTER INSERT OR UPDATE OR DELETE ON leads
  FOR EACH ROW EXECUTE FUNCTION notify_workspace_change();
--> statement-breakpoint
CREATE TRIGGER member_notify_user_change
  AFTER UPDATE OR DELETE ON "member"
  FOR EACH ROW EXECUTE FUNCTION notify_user_change();
