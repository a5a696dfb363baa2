import { and, eq } from 'drizzle-orm';
import { dealPageMessages, type BuyerListing } from '#domain/deals/buyer-listing.ts';
import type { Database } from '../db/database';
import { dealTerms, leads } from '../db/schema';
import { leadsVisibleTo, type LeadReader } from '../db/workspace-scope';
import { changeContractedDeal } from '../dispositions/contracted-deal';
import { leadNotFound } from '../leads-inbox/find-owned-lead';

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
 * Sets what buyers are shown of a lead under contract (its deal_terms row, changeContractedDeal):
 * 404 for a lead the member does not see, 409 before Under Contract.
 */
export async function saveBuyerListing(db: Database, member: LeadReader, leadId: string, listing: BuyerListing) {
  return changeContractedDeal(
    db,
    member,
    leadId,
    async () => ({ terms: listing, result: listing }),
    dealPageMessages.notUnderContract,
  );
}
