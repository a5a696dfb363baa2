CREATE TABLE "email_provider_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_sequences" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"sequence" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_touches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"follow_up_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"kind" text NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"email_outbox_id" uuid,
	"done_at" timestamp (3) with time zone,
	"done_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"sender_user_id" text NOT NULL,
	"offer_link_id" uuid NOT NULL,
	"offer_url" text NOT NULL,
	"lead_id" uuid,
	"recipient_email" text NOT NULL,
	"recipient_key" text NOT NULL,
	"recipient_name" text DEFAULT '' NOT NULL,
	"recipient_phone" text DEFAULT '' NOT NULL,
	"time_zone" text NOT NULL,
	"sequence" jsonb NOT NULL,
	"next_step" integer NOT NULL,
	"next_due_at" timestamp (3) with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"stop_reason" text,
	"stopped_at" timestamp (3) with time zone,
	"started_at" timestamp (3) with time zone NOT NULL,
	"reply_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_ups_reply_token_unique" UNIQUE("reply_token")
);
--> statement-breakpoint
ALTER TABLE "bulk_send_jobs" ADD COLUMN "follow_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_unsubscribes" ADD COLUMN "reason" text DEFAULT 'unsubscribed' NOT NULL;--> statement-breakpoint
ALTER TABLE "follow_up_sequences" ADD CONSTRAINT "follow_up_sequences_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_touches" ADD CONSTRAINT "follow_up_touches_follow_up_id_follow_ups_id_fk" FOREIGN KEY ("follow_up_id") REFERENCES "public"."follow_ups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_touches" ADD CONSTRAINT "follow_up_touches_email_outbox_id_email_outbox_id_fk" FOREIGN KEY ("email_outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_touches" ADD CONSTRAINT "follow_up_touches_done_by_user_id_user_id_fk" FOREIGN KEY ("done_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_sender_user_id_user_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_offer_link_id_offer_links_id_fk" FOREIGN KEY ("offer_link_id") REFERENCES "public"."offer_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_up_touches_step_idx" ON "follow_up_touches" USING btree ("follow_up_id","step");--> statement-breakpoint
CREATE INDEX "follow_up_touches_open_tasks_idx" ON "follow_up_touches" USING btree ("due_at") WHERE "follow_up_touches"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_ups_one_active_idx" ON "follow_ups" USING btree ("workspace_id","recipient_key") WHERE "follow_ups"."status" = 'active';--> statement-breakpoint
CREATE INDEX "follow_ups_due_idx" ON "follow_ups" USING btree ("next_due_at") WHERE "follow_ups"."status" = 'active';--> statement-breakpoint
CREATE INDEX "follow_ups_sender_due_idx" ON "follow_ups" USING btree ("sender_user_id","next_due_at") WHERE "follow_ups"."status" = 'active';--> statement-breakpoint
CREATE INDEX "follow_ups_offer_link_idx" ON "follow_ups" USING btree ("offer_link_id");--> statement-breakpoint
CREATE INDEX "follow_ups_lead_idx" ON "follow_ups" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "follow_ups_recipient_idx" ON "follow_ups" USING btree ("recipient_key");--> statement-breakpoint
-- A sequence's progress shows live on its lead and on /follow-ups.
CREATE TRIGGER follow_ups_notify_workspace_change
  AFTER INSERT OR UPDATE OR DELETE ON follow_ups
  FOR EACH ROW EXECUTE FUNCTION notify_workspace_change();
