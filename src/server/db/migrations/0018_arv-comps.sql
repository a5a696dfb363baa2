ALTER TABLE "offer_links" ADD COLUMN "nearby_sales" jsonb;--> statement-breakpoint
ALTER TABLE "saved_properties" ADD COLUMN "arv_comps" jsonb;