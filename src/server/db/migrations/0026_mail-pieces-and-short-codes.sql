CREATE TABLE "mail_pieces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"send_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"owner_name" text NOT NULL,
	"mailing_address" jsonb NOT NULL,
	"mailing_address_key" text NOT NULL,
	"format" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"format" text NOT NULL,
	"pieces" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_short_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"code_digest" text NOT NULL,
	"sealed" text NOT NULL,
	"piece_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"offer_link_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_short_codes_code_digest_unique" UNIQUE("code_digest")
);
--> statement-breakpoint
CREATE TABLE "mail_suppressions" (
	"workspace_id" text NOT NULL,
	"mailing_address_key" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_suppressions_workspace_id_mailing_address_key_pk" PRIMARY KEY("workspace_id","mailing_address_key")
);
--> statement-breakpoint
ALTER TABLE "mail_pieces" ADD CONSTRAINT "mail_pieces_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_pieces" ADD CONSTRAINT "mail_pieces_send_id_mail_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."mail_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_short_codes" ADD CONSTRAINT "mail_short_codes_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_short_codes" ADD CONSTRAINT "mail_short_codes_piece_id_mail_pieces_id_fk" FOREIGN KEY ("piece_id") REFERENCES "public"."mail_pieces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_short_codes" ADD CONSTRAINT "mail_short_codes_offer_link_id_offer_links_id_fk" FOREIGN KEY ("offer_link_id") REFERENCES "public"."offer_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_suppressions" ADD CONSTRAINT "mail_suppressions_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_pieces_workspace_address_idx" ON "mail_pieces" USING btree ("workspace_id","mailing_address_key");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_pieces_send_address_idx" ON "mail_pieces" USING btree ("send_id","mailing_address_key");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_pieces_send_position_idx" ON "mail_pieces" USING btree ("send_id","position");--> statement-breakpoint
CREATE INDEX "mail_sends_workspace_idx" ON "mail_sends" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_short_codes_workspace_idx" ON "mail_short_codes" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "mail_short_codes_piece_position_idx" ON "mail_short_codes" USING btree ("piece_id","position");