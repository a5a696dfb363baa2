CREATE TABLE "buyer_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"deal_link_id" uuid,
	"amount" numeric(14, 2) NOT NULL,
	"proof_of_funds_file_key" text,
	"proof_of_funds_content_type" text,
	"proof_of_funds_amount" numeric(14, 2),
	"contact_name" text NOT NULL,
	"contact_email" text,
	"contact_phone" text,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"send_after" timestamp (3) with time zone,
	"sent_at" timestamp (3) with time zone,
	"opened_at" timestamp (3) with time zone,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "deal_terms" ADD COLUMN "asking_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "deal_terms" ADD COLUMN "access_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_terms" ADD COLUMN "buyer_earnest_money" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "deal_terms" ADD COLUMN "primary_buyer_offer_id" uuid;--> statement-breakpoint
ALTER TABLE "deal_terms" ADD COLUMN "backup_buyer_offer_id" uuid;--> statement-breakpoint
ALTER TABLE "deal_terms" ADD COLUMN "buyer_earnest_money_received" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "deal_terms" ADD COLUMN "buyer_earnest_money_received_on" date;--> statement-breakpoint
ALTER TABLE "deal_terms" ADD COLUMN "disposition" text;--> statement-breakpoint
ALTER TABLE "deal_terms" ADD COLUMN "disposition_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "deal_terms" ADD COLUMN "disposed_on" date;--> statement-breakpoint
ALTER TABLE "deal_terms" ADD COLUMN "marketing_cost" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "deal_terms" ADD COLUMN "earnest_money_lost" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "deal_terms" ADD COLUMN "closing_costs" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "buyer_offers" ADD CONSTRAINT "buyer_offers_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_offers" ADD CONSTRAINT "buyer_offers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_offers" ADD CONSTRAINT "buyer_offers_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_offers" ADD CONSTRAINT "buyer_offers_deal_link_id_deal_links_id_fk" FOREIGN KEY ("deal_link_id") REFERENCES "public"."deal_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_links" ADD CONSTRAINT "deal_links_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_links" ADD CONSTRAINT "deal_links_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_links" ADD CONSTRAINT "deal_links_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_links" ADD CONSTRAINT "deal_links_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyer_offers_workspace_lead_idx" ON "buyer_offers" USING btree ("workspace_id","lead_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_links_lead_buyer_idx" ON "deal_links" USING btree ("lead_id","buyer_id");--> statement-breakpoint
CREATE INDEX "deal_links_workspace_lead_idx" ON "deal_links" USING btree ("workspace_id","lead_id");--> statement-breakpoint
ALTER TABLE "deal_terms" ADD CONSTRAINT "deal_terms_primary_buyer_offer_id_buyer_offers_id_fk" FOREIGN KEY ("primary_buyer_offer_id") REFERENCES "public"."buyer_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_terms" ADD CONSTRAINT "deal_terms_backup_buyer_offer_id_buyer_offers_id_fk" FOREIGN KEY ("backup_buyer_offer_id") REFERENCES "public"."buyer_offers"("id") ON DELETE set null ON UPDATE no action;