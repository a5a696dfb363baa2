import { and, asc, eq, sql } from 'drizzle-orm';
import { FIRST_LOOK_HOURS } from '#domain/deals/buyer-listing.ts';
import type { Database } from '../db/database';
import { buyerOffers, buyers, dealLinks, leads } from '../db/schema';
import { inWorkspace, leadsVisibleTo, sameWorkspace, type LeadReader } from '../db/workspace-scope';
import { readBuyerListing } from './buyer-listing';

/**
 * A deal's sending as its lead's page shows it (404 for a lead the member does not see): what
 * buyers are shown, and each buyer it was sent to (when their e-mail goes, whether they opened it,
 * how many offers they made from their page: the offers themselves are the dispositions' to list,
 * read-deal-dispositions.ts).
 */
export async function listDealLinks(db: Database, member: LeadReader, leadId: string) {
  const listing = await readBuyerListing(db, member, leadId);
  const visibleLead = and(eq(leads.id, leadId), leadsVisibleTo(member));
  const links = await db
    .select({
      buyerId: dealLinks.buyerId,
      name: buyers.name,
      sendAfter: dealLinks.sendAfter,
      sentAt: dealLinks.sentAt,
      openedAt: dealLinks.openedAt,
      expiresAt: dealLinks.expiresAt,
      offers: sql<number>`(select count(*)::int from ${buyerOffers} where ${and(
        eq(buyerOffers.leadId, dealLinks.leadId),
        eq(buyerOffers.buyerId, dealLinks.buyerId),
        sameWorkspace(buyerOffers, dealLinks),
      )})`,
    })
    .from(dealLinks)
    .innerJoin(leads, eq(leads.id, dealLinks.leadId))
    .innerJoin(buyers, and(eq(buyers.id, dealLinks.buyerId), sameWorkspace(buyers, dealLinks)))
    .where(and(visibleLead, inWorkspace(dealLinks, member)))
    .orderBy(asc(buyers.name));
  return {
    listing,
    firstLookHours: FIRST_LOOK_HOURS,
    links: links.map((link) => ({
      ...link,
      sendAfter: link.sendAfter?.toISOString() ?? null,
      sentAt: link.sentAt?.toISOString() ?? null,
      openedAt: link.openedAt?.toISOString() ?? null,
      expiresAt: link.expiresAt.toISOString(),
      offers: Number(link.offers),
    })),
  };
}
