CREATE TABLE "mail_lob_events" (
	"workspace_id" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_lob_events_workspace_id_event_id_pk" PRIMARY KEY("workspace_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "mail_pieces" ADD COLUMN "lob_id" text;--> statement-breakpoint
ALTER TABLE "mail_pieces" ADD COLUMN "idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_pieces" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_pieces" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_pieces" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_pieces" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD COLUMN "channel" text DEFAULT 'print' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD COLUMN "price_per_piece_cents" integer;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD COLUMN "test_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_lob_events" ADD CONSTRAINT "mail_lob_events_workspace_id_organization_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_pieces_due_idx" ON "mail_pieces" USING btree ("next_attempt_at") WHERE "mail_pieces"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "mail_pieces_lob_id_idx" ON "mail_pieces" USING btree ("lob_id");