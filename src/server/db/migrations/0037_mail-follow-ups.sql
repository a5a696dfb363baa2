ALTER TABLE "follow_ups" ALTER COLUMN "recipient_email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "follow_up_touches" ADD COLUMN "mail_piece_id" uuid;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "mail_piece_id" uuid;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "mailing_address" jsonb;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "mailing_address_key" text;--> statement-breakpoint
ALTER TABLE "follow_up_touches" ADD CONSTRAINT "follow_up_touches_mail_piece_id_mail_pieces_id_fk" FOREIGN KEY ("mail_piece_id") REFERENCES "public"."mail_pieces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_mail_piece_id_mail_pieces_id_fk" FOREIGN KEY ("mail_piece_id") REFERENCES "public"."mail_pieces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_up_touches_mail_piece_idx" ON "follow_up_touches" USING btree ("mail_piece_id");--> statement-breakpoint
CREATE INDEX "follow_ups_mailing_address_idx" ON "follow_ups" USING btree ("workspace_id","mailing_address_key");--> statement-breakpoint
CREATE INDEX "follow_ups_mail_piece_idx" ON "follow_ups" USING btree ("mail_piece_id");--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_reachable_check" CHECK ("follow_ups"."recipient_email" is not null or ("follow_ups"."mail_piece_id" is not null and "follow_ups"."mailing_address_key" is not null));