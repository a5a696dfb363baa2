CREATE TABLE "prospect_touches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"prospect_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"send_job_id" uuid,
	"detail" text DEFAULT '' NOT NULL,
	"actor_user_id" text
);
--> statement-breakpoint
CREATE TABLE "prospects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text,
	"state" text,
	"zip" text,
	"mailing_address" jsonb,
	"phones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"email_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"market_value" numeric(14, 2),
	"offer_low" numeric(14, 2),
	"offer_high" numeric(14, 2),
	"template_name" text,
	"last_send_job_id" uuid,
	"status" text DEFAULT 'prospect' NOT NULL,
	"lead_id" uuid,
	"last_touch_kind" text,
	"last_touch_at" timestamp (3) with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_send_items" ADD COLUMN "prospect_id" uuid;--> statement-breakpoint
ALTER TABLE "prospect_touches" ADD CONSTRAINT "prospect_touches_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_touches" ADD CONSTRAINT "prospect_touches_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_touches" ADD CONSTRAINT "prospect_touches_send_job_id_bulk_send_jobs_id_fk" FOREIGN KEY ("send_job_id") REFERENCES "public"."bulk_send_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_touches" ADD CONSTRAINT "prospect_touches_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_last_send_job_id_bulk_send_jobs_id_fk" FOREIGN KEY ("last_send_job_id") REFERENCES "public"."bulk_send_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prospect_touches_workspace_send_idx" ON "prospect_touches" USING btree ("workspace_id","send_job_id","kind");--> statement-breakpoint
CREATE INDEX "prospect_touches_prospect_idx" ON "prospect_touches" USING btree ("prospect_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "prospects_workspace_key_idx" ON "prospects" USING btree ("workspace_id","key");--> statement-breakpoint
CREATE INDEX "prospects_email_keys_idx" ON "prospects" USING gin ("email_keys");--> statement-breakpoint
CREATE INDEX "prospects_emails_idx" ON "prospects" USING gin ("emails");--> statement-breakpoint
ALTER TABLE "bulk_send_items" ADD CONSTRAINT "bulk_send_items_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_send_items_prospect_idx" ON "bulk_send_items" USING btree ("prospect_id");