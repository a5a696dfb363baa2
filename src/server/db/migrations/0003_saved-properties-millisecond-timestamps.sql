ALTER TABLE "saved_properties" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "saved_properties" ALTER COLUMN "created_at" SET DEFAULT now();