CREATE TABLE "released_handles" (
	"handle" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sender_daily_counts" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sender_daily_counts_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "sender_user_id" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "recipient_key" text;--> statement-breakpoint
ALTER TABLE "wholesaler_profiles" ADD COLUMN "reply_to_verified_email" text;--> statement-breakpoint
ALTER TABLE "released_handles" ADD CONSTRAINT "released_handles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_daily_counts" ADD CONSTRAINT "sender_daily_counts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_sender_user_id_user_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_sender_recipient_idx" ON "email_outbox" USING btree ("sender_user_id","recipient_key","created_at") WHERE "email_outbox"."sender_user_id" is not null;--> statement-breakpoint
-- The daily quota now counts every e-mail to a third party; today's bulk counts carry over.
INSERT INTO "sender_daily_counts" ("user_id", "day", "sent") SELECT "user_id", "day", "queued" FROM "bulk_send_daily_counts";--> statement-breakpoint
-- A reply-to that is the account's own verified address is already proven.
UPDATE "wholesaler_profiles" p SET "reply_to_verified_email" = p."reply_to_email" FROM "user" u WHERE u."id" = p."user_id" AND u."email_verified" AND p."reply_to_email" <> '' AND lower(p."reply_to_email") = lower(u."email");
