import type { NearbySale } from '#domain/arv/arv-request-schema.ts';
import type { OfferSnapshot } from '#domain/offer/offer-snapshot.ts';
import { offerLetterUrl, offerPageUrl } from '#domain/offer/offer-token.ts';
import { offerExpiresAt } from '#domain/offer/offer-validity.ts';
import type { Database } from '../db/database';
import { offerLinks } from '../db/schema';
import { createOfferToken } from './offer-link-token';

export interface NewOfferLink {
  /** The workspace the link belongs to. */
  workspaceId: string;
  /** The member who made it: the offer page shows their profile in the workspace. */
  userId: string;
  source: (typeof offerLinks.$inferInsert)['source'];
  offer: OfferSnapshot;
  /** The sales the market value came from, listed on the offer page; absent or null: none. */
  nearbySales?: NearbySale[] | null;
  recipient?: { name: string | null; email: string | null };
  revisesLeadId?: string;
  bulkSendItemId?: string;
  /** When the offer is made; it expires OFFER_VALID_DAYS later (§9). */
  createdAt?: Date;
}

export interface CreatedOfferLink {
  id: string;
  /** The link's secret, kept nowhere on the server (only its hash is stored). */
  token: string;
  /** The homeowner's page, `${APP_URL}/offer/{token}`. */
  url: string;
  /** Its letter (PDF), `${APP_URL}/api/public/offers/{token}/letter.pdf`. */
  letterUrl: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Stores an answerable offer link (its token hashed) and returns its URL; pass a transaction as `db` to make it part of one. */
export async function insertOfferLink(
  db: Pick<Database, 'insert'>,
  appUrl: string,
  link: NewOfferLink,
): Promise<CreatedOfferLink> {
  const { token, tokenHash } = createOfferToken();
  const createdAt = link.createdAt ?? new Date();
  const expiresAt = offerExpiresAt(createdAt);
  const [row] = await db
    .insert(offerLinks)
    .values({
      workspaceId: link.workspaceId,
      userId: link.userId,
      tokenHash,
      source: link.source,
      address: link.offer.address,
      marketValue: link.offer.marketValue,
      repairs: link.offer.repairs,
      totalRepairCost: link.offer.totalRepairCost,
      templateName: link.offer.templateName,
      offerLow: link.offer.offerRange.low,
      offerHigh: link.offer.offerRange.high,
      formula: link.offer.formula,
      nearbySales: link.nearbySales ?? null,
      recipientName: link.recipient?.name ?? null,
      recipientEmail: link.recipient?.email ?? null,
      revisesLeadId: link.revisesLeadId ?? null,
      bulkSendItemId: link.bulkSendItemId ?? null,
      createdAt,
      expiresAt,
    })
    .returning({ id: offerLinks.id });
  if (!row) throw new Error('offer_links insert returned no row');
  return {
    id: row.id,
    token,
    url: offerPageUrl(appUrl, token),
    letterUrl: offerLetterUrl(appUrl, token),
    createdAt,
    expiresAt,
  };
}
