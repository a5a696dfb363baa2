import { and, asc, desc, eq } from 'drizzle-orm';
import { FIRST_LOOK_HOURS } from '#domain/deals/buyer-listing.ts';
import type { Database } from '../db/database';
import { buyerOffers, buyers, dealLinks, leads } from '../db/schema';
import { inWorkspace, leadsVisibleTo, sameWorkspace, type LeadReader } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import type { FileStorage } from '../storage/file-storage';
import { readBuyerListing } from './buyer-listing';

/**
 * A deal's dispositions as its lead's page shows them (404 for a lead the member does not see):
 * what buyers are shown, each buyer it was sent to (when their e-mail goes, whether they opened
 * it) and the offers buyers made from their pages, newest first. Proof-of-funds files are read
 * at their own address, never named here by storage key.
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
    })
    .from(dealLinks)
    .innerJoin(leads, eq(leads.id, dealLinks.leadId))
    .innerJoin(buyers, and(eq(buyers.id, dealLinks.buyerId), sameWorkspace(buyers, dealLinks)))
    .where(and(visibleLead, inWorkspace(dealLinks, member)))
    .orderBy(asc(buyers.name));
  const offers = await db
    .select({
      id: buyerOffers.id,
      buyerId: buyerOffers.buyerId,
      buyerName: buyers.name,
      amount: buyerOffers.amount,
      proofOfFundsContentType: buyerOffers.proofOfFundsContentType,
      proofOfFundsAmount: buyerOffers.proofOfFundsAmount,
      contactName: buyerOffers.contactName,
      contactEmail: buyerOffers.contactEmail,
      contactPhone: buyerOffers.contactPhone,
      message: buyerOffers.message,
      createdAt: buyerOffers.createdAt,
    })
    .from(buyerOffers)
    .innerJoin(leads, eq(leads.id, buyerOffers.leadId))
    .innerJoin(buyers, and(eq(buyers.id, buyerOffers.buyerId), sameWorkspace(buyers, buyerOffers)))
    .where(and(visibleLead, inWorkspace(buyerOffers, member)))
    .orderBy(desc(buyerOffers.createdAt), desc(buyerOffers.id));
  return {
    listing,
    firstLookHours: FIRST_LOOK_HOURS,
    links: links.map((link) => ({
      ...link,
      sendAfter: link.sendAfter?.toISOString() ?? null,
      sentAt: link.sentAt?.toISOString() ?? null,
      openedAt: link.openedAt?.toISOString() ?? null,
      expiresAt: link.expiresAt.toISOString(),
    })),
    offers: offers.map(({ proofOfFundsContentType, ...offer }) => ({
      ...offer,
      hasProofOfFunds: proofOfFundsContentType !== null,
      createdAt: offer.createdAt.toISOString(),
    })),
  };
}

/** A buyer offer's proof-of-funds file, for a member who sees its lead (404 otherwise: another workspace's, none sent). */
export async function readProofOfFunds(db: Database, storage: FileStorage, member: LeadReader, offerId: string) {
  const [offer] = await db
    .select({ key: buyerOffers.proofOfFundsFileKey, contentType: buyerOffers.proofOfFundsContentType })
    .from(buyerOffers)
    .innerJoin(leads, eq(leads.id, buyerOffers.leadId))
    .where(and(eq(buyerOffers.id, offerId), inWorkspace(buyerOffers, member), leadsVisibleTo(member)));
  const notFound = () => new Refusal(404, 'Proof of funds not found', { code: 'not-found' });
  if (!offer?.key || !offer.contentType) throw notFound();
  const bytes = await storage.get(offer.key);
  if (!bytes) throw notFound();
  return { bytes, contentType: offer.contentType };
}
