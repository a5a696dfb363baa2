import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { NearbySale } from '#domain/arv/arv-request-schema.ts';
import { nearbySalesFromComps } from '#domain/arv/nearby-sales.ts';
import { dealPageMessages } from '#domain/deals/buyer-listing.ts';
import type { Database } from '../db/database';
import { buyerOffers, buyers, dealLinks, dealTerms, leads, offerLinks, photos, savedProperties } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { hashOfferToken } from '../offer-links/offer-link-token';
import { readWholesaler } from '../profile/read-wholesaler';
import type { FileStorage } from '../storage/file-storage';

type DealLinkRow = typeof dealLinks.$inferSelect;

const notFound = () => new Refusal(404, dealPageMessages.notFound, { code: 'deal-not-found' });

/**
 * The link a token opens, still valid: unknown, edited or truncated tokens are all 404 "Deal not
 * found"; a link past its 30 days is 410 with the words to ask for a new one.
 */
export async function findDealLink(
  db: Pick<Database, 'select'>,
  token: string,
  now = new Date(),
): Promise<DealLinkRow> {
  const [link] = await db
    .select()
    .from(dealLinks)
    .where(eq(dealLinks.tokenHash, hashOfferToken(token)));
  if (!link) throw notFound();
  if (link.expiresAt.getTime() <= now.getTime()) {
    throw new Refusal(410, dealPageMessages.expired, { code: 'deal-link-expired' });
  }
  return link;
}

/** A photo as the deal page lists it: its image is read through the link's own token. */
export interface DealPagePhoto {
  id: string;
  width: number;
  height: number;
}

/**
 * What the buyer's page `/deal/{token}` shows (issue 39 §4), and nothing else: the address, the
 * asking price, the ARV with the sales it rests on (the property's own comps, else the offer's
 * nearby sales), the repair estimate, the access notes, the earnest money asked, the closing date
 * and the photos. The seller's contract price, the offer range, the fee and the formula are never
 * read here, so they cannot reach the page. Opening it records when the buyer first did.
 */
export async function readDealPage(db: Database, token: string, now = new Date()) {
  const link = await findDealLink(db, token, now);
  const [row] = await db
    .select({
      address: leads.address,
      marketValue: leads.marketValue,
      savedPropertyId: leads.savedPropertyId,
      askingPrice: dealTerms.askingPrice,
      accessNotes: dealTerms.accessNotes,
      buyerEarnestMoney: dealTerms.buyerEarnestMoney,
      closingDate: dealTerms.closingDate,
      linkRepairs: offerLinks.repairs,
      linkRepairTotal: offerLinks.totalRepairCost,
      linkNearbySales: offerLinks.nearbySales,
      propertyRepairs: savedProperties.repairCosts,
      propertyRepairTotal: savedProperties.totalRepairCost,
      propertyMarketValue: savedProperties.marketValue,
      propertyComps: savedProperties.arvComps,
      buyerName: buyers.name,
      buyerEmail: buyers.email,
      buyerPhone: buyers.phone,
    })
    .from(leads)
    .innerJoin(buyers, and(eq(buyers.id, link.buyerId), inWorkspace(buyers, link.workspaceId)))
    .leftJoin(dealTerms, eq(dealTerms.leadId, leads.id))
    .leftJoin(offerLinks, eq(offerLinks.id, leads.offerLinkId))
    .leftJoin(
      savedProperties,
      and(eq(savedProperties.id, leads.savedPropertyId), inWorkspace(savedProperties, link.workspaceId)),
    )
    .where(and(eq(leads.id, link.leadId), inWorkspace(leads, link.workspaceId)));
  if (!row) throw notFound();
  const wholesaler = link.createdByUserId
    ? await readWholesaler(db, { workspaceId: link.workspaceId, userId: link.createdByUserId })
    : null;
  const photoRows = await db
    .select({ id: photos.id, width: photos.width, height: photos.height })
    .from(photos)
    .where(and(inWorkspace(photos, link.workspaceId), dealPhotos(link, row.savedPropertyId)))
    .orderBy(asc(photos.createdAt), asc(photos.id));
  const [offered] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(buyerOffers)
    .where(and(inWorkspace(buyerOffers, link.workspaceId), eq(buyerOffers.dealLinkId, link.id)));
  if (link.openedAt === null) {
    await db
      .update(dealLinks)
      .set({ openedAt: now })
      .where(and(eq(dealLinks.id, link.id), sql`${dealLinks.openedAt} is null`));
  }

  const comps: NearbySale[] =
    (row.propertyComps && row.propertyMarketValue !== null
      ? nearbySalesFromComps(row.propertyComps, row.propertyMarketValue)
      : undefined) ??
    row.linkNearbySales ??
    [];
  const repairs = row.propertyRepairs ?? row.linkRepairs ?? [];
  return {
    address: row.address,
    askingPrice: row.askingPrice,
    arv: row.propertyMarketValue ?? row.marketValue,
    comps: comps.map(({ address, soldDate, price }) => ({ address, soldDate, price })),
    repairs: {
      total: row.propertyRepairTotal ?? row.linkRepairTotal,
      items: repairs.map(({ name, cost }) => ({ name, cost })),
    },
    accessNotes: row.accessNotes ?? '',
    earnestMoney: row.buyerEarnestMoney,
    closingDate: row.closingDate,
    photos: photoRows satisfies DealPagePhoto[],
    wholesaler: wholesaler
      ? { displayName: wholesaler.displayName, company: wholesaler.company, phone: wholesaler.phone }
      : null,
    buyer: { name: row.buyerName, email: row.buyerEmail ?? '', phone: row.buyerPhone ?? '' },
    expiresAt: link.expiresAt.toISOString(),
    offersMade: offered?.count ?? 0,
  };
}

export type DealPage = Awaited<ReturnType<typeof readDealPage>>;

/** The photos a buyer sees of the deal: the lead's own, and those of the saved property that is its deal. */
function dealPhotos(link: DealLinkRow, savedPropertyId: string | null) {
  return savedPropertyId
    ? or(eq(photos.leadId, link.leadId), eq(photos.savedPropertyId, savedPropertyId))!
    : eq(photos.leadId, link.leadId);
}

/** One of the deal's photos through the link's token (the buyer-safe stored copy), or 404. */
export async function readDealPhoto(
  db: Database,
  storage: FileStorage,
  token: string,
  photoId: string,
  size: 'full' | 'thumbnail',
) {
  const link = await findDealLink(db, token);
  const [lead] = await db
    .select({ savedPropertyId: leads.savedPropertyId })
    .from(leads)
    .where(and(eq(leads.id, link.leadId), inWorkspace(leads, link.workspaceId)));
  if (!lead) throw notFound();
  const [photo] = await db
    .select()
    .from(photos)
    .where(and(eq(photos.id, photoId), inWorkspace(photos, link.workspaceId), dealPhotos(link, lead.savedPropertyId)));
  if (!photo) throw new Refusal(404, 'Photo not found', { code: 'photo-not-found' });
  const bytes = await storage.get(size === 'thumbnail' ? photo.thumbnailKey : photo.storageKey);
  if (!bytes) throw new Refusal(404, 'Photo not found', { code: 'photo-not-found' });
  return { bytes, contentType: photo.contentType };
}
