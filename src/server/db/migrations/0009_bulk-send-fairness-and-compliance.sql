CREATE TABLE "bulk_send_daily_counts" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bulk_send_daily_counts_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "bulk_send_jobs" ADD COLUMN "last_queued_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "bulk_send_daily_counts" ADD CONSTRAINT "bulk_send_daily_counts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_send_jobs_running_idx" ON "bulk_send_jobs" USING btree ("user_id","created_at") WHERE "bulk_send_jobs"."status" = 'running';--> statement-breakpoint
-- Unsubscribes are stored in one form (unsubscribe-token.ts normalizeUnsubscribeEmail): the address
-- of a display-name form, lower-cased, without a +tag. Rewrite rows stored before in that form.
INSERT INTO "email_unsubscribes" ("email", "created_at")
  SELECT regexp_replace(lower(trim(regexp_replace("email", '^.*<([^<>]+)>\s*$', '\1'))), '^([^@+]+)\+[^@]*@', '\1@'), "created_at"
  FROM "email_unsubscribes"
  ON CONFLICT ("email") DO NOTHING;--> statement-breakpoint
DELETE FROM "email_unsubscribes"
  WHERE "email" <> regexp_replace(lower(trim(regexp_replace("email", '^.*<([^<>]+)>\s*$', '\1'))), '^([^@+]+)\+[^@]*@', '\1@');
