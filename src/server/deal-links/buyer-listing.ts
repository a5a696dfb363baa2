import { and, eq, sql } from 'drizzle-orm';
import type { BuyerListing } from '#domain/deals/buyer-listing.ts';
import type { Database } from '../db/database';
import { dealTerms, leads } from '../db/schema';
import { leadsVisibleTo, type LeadReader } from '../db/workspace-scope';
import { leadNotFound } from '../leads-inbox/find-owned-lead';
import { lockContractedLead } from './lock-contracted-lead';

type ListingColumns = Pick<typeof dealTerms.$inferSelect, 'askingPrice' | 'accessNotes' | 'buyerEarnestMoney'>;

const listingOf = (row: ListingColumns | undefined): BuyerListing => ({
  askingPrice: row?.askingPrice ?? null,
  accessNotes: row?.accessNotes ?? '',
  buyerEarnestMoney: row?.buyerEarnestMoney ?? null,
});

/** What buyers are shown of a lead the member sees (404 otherwise): nothing set yet reads as empty. */
export async function readBuyerListing(db: Database, member: LeadReader, leadId: string): Promise<BuyerListing> {
  const [row] = await db
    .select({
      askingPrice: dealTerms.askingPrice,
      accessNotes: dealTerms.accessNotes,
      buyerEarnestMoney: dealTerms.buyerEarnestMoney,
      leadId: leads.id,
    })
    .from(leads)
    .leftJoin(dealTerms, eq(dealTerms.leadId, leads.id))
    .where(and(eq(leads.id, leadId), leadsVisibleTo(member)));
  if (!row) throw leadNotFound();
  return listingOf({ ...row, accessNotes: row.accessNotes ?? '' });
}

/**
 * Sets what buyers are shown of a lead under contract (its deal_terms row, written with the lead
 * locked): 404 for a lead the member does not see, 409 before Under Contract. Touching the lead
 * announces the change on its workspace's live feed.
 */
export async function saveBuyerListing(db: Database, member: LeadReader, leadId: string, listing: BuyerListing) {
  return db.transaction(async (tx) => {
    const lead = await lockContractedLead(tx, member, leadId);
    const at = new Date();
    const [row] = await tx
      .insert(dealTerms)
      .values({ leadId: lead.id, workspaceId: member.workspaceId, ...listing, updatedAt: at })
      .onConflictDoUpdate({ target: dealTerms.leadId, set: { ...listing, updatedAt: sql`excluded.updated_at` } })
      .returning();
    await tx.update(leads).set({ updatedAt: at }).where(eq(leads.id, lead.id));
    return listingOf(row);
  });
}
