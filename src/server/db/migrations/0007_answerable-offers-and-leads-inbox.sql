CREATE TABLE "lead_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"response_kind" text,
	"amount" numeric(14, 2),
	"from_status" text,
	"to_status" text,
	"offer_link_id" uuid,
	"offer_low" numeric(14, 2),
	"offer_high" numeric(14, 2),
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"source" text NOT NULL,
	"address" text NOT NULL,
	"market_value" numeric(14, 2) NOT NULL,
	"repairs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_repair_cost" numeric(14, 2) DEFAULT 0 NOT NULL,
	"template_name" text DEFAULT '' NOT NULL,
	"offer_low" numeric(14, 2) NOT NULL,
	"offer_high" numeric(14, 2) NOT NULL,
	"recipient_name" text,
	"recipient_email" text,
	"revises_lead_id" uuid,
	"bulk_send_item_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "offer_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "offer_links_bulk_send_item_id_unique" UNIQUE("bulk_send_item_id")
);
--> statement-breakpoint
CREATE TABLE "wholesaler_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"handle" text,
	"display_name" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"reply_to_email" text DEFAULT '' NOT NULL,
	"postal_address" text DEFAULT '' NOT NULL,
	"notify_on_leads" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "owner_user_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "offer_link_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "contact_key" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "source" text DEFAULT 'public-calculator' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "response_kind" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "counter_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "responded_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_offer_link_id_offer_links_id_fk" FOREIGN KEY ("offer_link_id") REFERENCES "public"."offer_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_links" ADD CONSTRAINT "offer_links_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_links" ADD CONSTRAINT "offer_links_revises_lead_id_leads_id_fk" FOREIGN KEY ("revises_lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_links" ADD CONSTRAINT "offer_links_bulk_send_item_id_bulk_send_items_id_fk" FOREIGN KEY ("bulk_send_item_id") REFERENCES "public"."bulk_send_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesaler_profiles" ADD CONSTRAINT "wholesaler_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_events_lead_created_idx" ON "lead_events" USING btree ("lead_id","created_at","id");--> statement-breakpoint
CREATE INDEX "offer_links_user_idx" ON "offer_links" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "wholesaler_profiles_handle_idx" ON "wholesaler_profiles" USING btree (lower("handle"));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_offer_link_id_offer_links_id_fk" FOREIGN KEY ("offer_link_id") REFERENCES "public"."offer_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_owner_responded_idx" ON "leads" USING btree ("owner_user_id","responded_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_owner_status_responded_idx" ON "leads" USING btree ("owner_user_id","status","responded_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "leads_offer_link_contact_idx" ON "leads" USING btree ("offer_link_id","contact_key");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_check" CHECK ("leads"."status" in ('new', 'contacted', 'negotiating', 'under-contract', 'closed', 'dead'));--> statement-breakpoint
-- Leads stored before this migration were answered when they were created.
UPDATE "leads" SET "responded_at" = "created_at", "updated_at" = "created_at";--> statement-breakpoint
-- The live change feed (src/server/events): a change to a wholesaler's lead is announced on
-- 'user_changes' to its owner, whichever process made it; the operator's public-calculator
-- leads have no owner and announce nothing. A lead's events always touch the lead (updated_at).
CREATE FUNCTION notify_lead_owner_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text := COALESCE(NEW.owner_user_id, OLD.owner_user_id);
BEGIN
  IF owner IS NOT NULL THEN
    PERFORM pg_notify('user_changes', json_build_object('userId', owner, 'table', TG_TABLE_NAME)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER leads_notify_owner_change
  AFTER INSERT OR UPDATE OR DELETE ON leads
  FOR EACH ROW EXECUTE FUNCTION notify_lead_owner_change();
