ALTER TABLE "offer_links" ADD COLUMN "formula" jsonb;--> statement-breakpoint
ALTER TABLE "saved_properties" ADD COLUMN "formula" jsonb;