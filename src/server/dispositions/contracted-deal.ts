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
 * Runs `change` in one transaction on a lead the member sees, locked (FOR UPDATE) so that
 * concurrent changes to its deal apply one after the other: another workspace's lead or one the
 * member does not see is a 404 with nothing changed; a lead not under contract (or closed) a 409.
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
): Promise<Result> {
  return db.transaction(async (tx) => {
    const lead = await lockOwnedLead(tx, member, leadId);
    if (!CONTRACTED_LEAD_STATUSES.includes(lead.status)) {
      throw new Refusal(409, dispositionMessages.notUnderContract);
    }
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
