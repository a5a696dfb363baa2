import { eq, sql } from 'drizzle-orm';
import { dispositionMessages } from '#domain/deals/disposition-requests.ts';
import { CONTRACTED_LEAD_STATUSES } from '#domain/workspaces/roles.ts';
import type { Database, Transaction } from '../db/database';
import { dealTerms, leads } from '../db/schema';
import type { LeadReader } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { lockOwnedLead } from '../leads-inbox/find-owned-lead';

type DealTermsChange = Partial<Omit<typeof dealTerms.$inferInsert, 'leadId' | 'workspaceId'>>;

/**
 * A lead under contract (or closed) the member sees, locked (FOR UPDATE) for the rest of the
 * transaction: 404 for another workspace's lead or one the member does not see (as lockOwnedLead
 * answers it), 409 with `notUnderContract` (what the caller's step waits for) before Under Contract.
 */
export async function lockContractedLead(
  tx: Transaction,
  member: LeadReader,
  leadId: string,
  notUnderContract: string = dispositionMessages.notUnderContract,
) {
  const lead = await lockOwnedLead(tx, member, leadId);
  if (!CONTRACTED_LEAD_STATUSES.includes(lead.status)) throw new Refusal(409, notUnderContract);
  return lead;
}

/**
 * Runs `change` in one transaction on a lead under contract (lockContractedLead: 404 or 409 with
 * nothing changed, `notUnderContract` its message), so that concurrent changes to its deal apply
 * one after the other.
 * `change` answers what to write into the lead's deal_terms (upserted); the lead is touched so
 * that every member's open page hears of it on the live feed.
 */
export async function changeContractedDeal<Result>(
  db: Database,
  member: LeadReader,
  leadId: string,
  change: (
    tx: Transaction,
    lead: typeof leads.$inferSelect,
    terms: typeof dealTerms.$inferSelect | undefined,
  ) => Promise<{ terms: DealTermsChange; result: Result }>,
  notUnderContract?: string,
): Promise<Result> {
  return db.transaction(async (tx) => {
    const lead = await lockContractedLead(tx, member, leadId, notUnderContract);
    const [terms] = await tx.select().from(dealTerms).where(eq(dealTerms.leadId, lead.id));
    const { terms: changed, result } = await change(tx, lead, terms);
    const at = new Date();
    await tx
      .insert(dealTerms)
      .values({ leadId: lead.id, workspaceId: member.workspaceId, ...changed, updatedAt: at })
      .onConflictDoUpdate({ target: dealTerms.leadId, set: { ...changed, updatedAt: sql`excluded.updated_at` } });
    await tx.update(leads).set({ updatedAt: at }).where(eq(leads.id, lead.id));
    return result;
  });
}
