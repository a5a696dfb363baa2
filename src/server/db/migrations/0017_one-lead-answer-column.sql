-- Issue 30: a lead says what the homeowner answered once (response_kind) and the price they named once (counter_amount).
-- Leads of the operator's calculator had only kind and desired_price: their answer and price move over, meaning kept.
UPDATE "leads" SET "response_kind" = CASE "kind"
  WHEN 'accept' THEN 'accepted'
  WHEN 'negotiate' THEN 'countered'
  WHEN 'program' THEN 'program-interest'
  ELSE 'new-offer-requested'
END WHERE "response_kind" IS NULL;--> statement-breakpoint
-- An offer link's lead kept both in step, counter_amount the newer (a revised offer's answer updated only it).
UPDATE "leads" SET "counter_amount" = "desired_price" WHERE "counter_amount" IS NULL AND "desired_price" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "response_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" DROP COLUMN "kind";--> statement-breakpoint
ALTER TABLE "leads" DROP COLUMN "desired_price";
