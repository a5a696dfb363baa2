ALTER TABLE "deal_terms" ADD CONSTRAINT "deal_terms_buyers_differ" CHECK ("deal_terms"."primary_buyer_offer_id" <> "deal_terms"."backup_buyer_offer_id");--> statement-breakpoint
-- A buyer's offer shows live on the lead's page, whichever server process wrote it (the buyer's
-- deal page): the workspace's feed announces 'buyer_offers' (issue 39 §6, decision 042).
CREATE TRIGGER buyer_offers_notify_workspace_change
  AFTER INSERT OR UPDATE OR DELETE ON buyer_offers
  FOR EACH ROW EXECUTE FUNCTION notify_workspace_change();
