CREATE TABLE "saved_property_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"saved_property_id" uuid NOT NULL,
	"workspace_id" text NOT NULL,
	"figures" jsonb NOT NULL,
	"replaced_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "saved_property_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "accepted_offer_low" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "accepted_offer_high" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "accepted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "saved_property_versions" ADD CONSTRAINT "saved_property_versions_saved_property_id_saved_properties_id_fk" FOREIGN KEY ("saved_property_id") REFERENCES "public"."saved_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_property_versions" ADD CONSTRAINT "saved_property_versions_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_property_versions_property_idx" ON "saved_property_versions" USING btree ("saved_property_id","replaced_at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_saved_property_id_saved_properties_id_fk" FOREIGN KEY ("saved_property_id") REFERENCES "public"."saved_properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_links_revises_lead_idx" ON "offer_links" USING btree ("revises_lead_id","created_at" DESC NULLS LAST) WHERE "offer_links"."revises_lead_id" is not null;