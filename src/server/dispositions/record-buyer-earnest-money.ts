import type { BuyerEarnestMoney } from '#domain/deals/disposition-requests.ts';
import type { Database } from '../db/database';
import type { LeadReader } from '../db/workspace-scope';
import { changeContractedDeal } from './contracted-deal';

/** Records the buyer's earnest money (dollars) and the day it arrived on a deal under contract (or closed). */
export async function recordBuyerEarnestMoney(
  db: Database,
  member: LeadReader,
  leadId: string,
  { amount, receivedOn }: BuyerEarnestMoney,
) {
  return changeContractedDeal(db, member, leadId, async () => ({
    terms: { buyerEarnestMoneyReceived: amount, buyerEarnestMoneyReceivedOn: receivedOn },
    result: { amount, receivedOn },
  }));
}
