-- subscriptions.status held the plan (free, personal, pro), not a subscription's status: the
-- column, its check and the sign-up trigger's insert now say plan.
ALTER TABLE "subscriptions" RENAME COLUMN "status" TO "plan";--> statement-breakpoint
ALTER TABLE "subscriptions" RENAME CONSTRAINT "subscriptions_status_check" TO "subscriptions_plan_check";--> statement-breakpoint
CREATE OR REPLACE FUNCTION create_free_subscription() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subscriptions (user_id, plan) VALUES (NEW.id, 'free')
  ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A bulk-send item whose e-mail was handed to the outbox is 'queued' (the outbox row says
-- whether it was sent), no longer 'sent'.
UPDATE "bulk_send_items" SET "status" = 'queued' WHERE "status" = 'sent';
