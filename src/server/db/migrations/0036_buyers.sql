CREATE TABLE "buyers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"email" text,
	"email_key" text,
	"phone" text,
	"areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"property_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"strategies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_min" numeric(14, 2),
	"price_max" numeric(14, 2),
	"max_repairs" numeric(14, 2),
	"proof_of_funds_amount" numeric(14, 2),
	"proof_of_funds_expires_on" date,
	"proof_of_funds_file_key" text,
	"notes" text DEFAULT '' NOT NULL,
	"opted_out_at" timestamp (3) with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buyers" ADD CONSTRAINT "buyers_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buyers_workspace_email_key_idx" ON "buyers" USING btree ("workspace_id","email_key");--> statement-breakpoint
CREATE INDEX "buyers_workspace_name_idx" ON "buyers" USING btree ("workspace_id","name","id");