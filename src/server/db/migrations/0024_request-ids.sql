ALTER TABLE "bulk_send_jobs" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "request_id" text;