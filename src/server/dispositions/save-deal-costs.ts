import type { DealCosts } from '#domain/deals/disposition-requests.ts';
import type { Database } from '../db/database';
import type { LeadReader } from '../db/workspace-scope';
import { changeContractedDeal } from './contracted-deal';

/** Replaces the fee ledger's costs of a deal under contract (or closed): marketing, earnest money lost, closing costs (dollars; null: none). */
export async function saveDealCosts(db: Database, member: LeadReader, leadId: string, costs: DealCosts) {
  return changeContractedDeal(db, member, leadId, async () => ({ terms: costs, result: costs }));
}
