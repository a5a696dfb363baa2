CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"kind" text NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"assignee_user_id" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"lead_id" uuid,
	"done_at" timestamp (3) with time zone,
	"done_by_user_id" text,
	"created_by_user_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_kind_check" CHECK ("tasks"."kind" in ('call', 'text', 'mail', 'meeting', 'other'))
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "wrong_phones" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_user_id_user_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_done_by_user_id_user_id_fk" FOREIGN KEY ("done_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_workspace_assignee_open_idx" ON "tasks" USING btree ("workspace_id","assignee_user_id","due_at") WHERE "tasks"."done_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_lead_idx" ON "tasks" USING btree ("lead_id","due_at");--> statement-breakpoint
-- A member's tasks show live on their Today list and on the lead's page.
CREATE TRIGGER tasks_notify_workspace_change
  AFTER INSERT OR UPDATE OR DELETE ON tasks
  FOR EACH ROW EXECUTE FUNCTION notify_workspace_change();
--> statement-breakpoint
ALTER TABLE "wholesaler_profiles" ADD COLUMN "notify_on_assignments" boolean DEFAULT false NOT NULL;