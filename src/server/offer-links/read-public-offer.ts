import { eq } from 'drizzle-orm';
import { showOffer, type ShownOffer } from '#domain/offer/homeowner-view.ts';
import { isOfferExpired, offerExpiredText, offerValidityText } from '#domain/offer/offer-validity.ts';
import type { WholesalerBranding } from '#domain/profile/wholesaler-profile-schema.ts';
import type { Database } from '../db/database';
import { offerLinks } from '../db/schema';
import { readWorkspaceHomeownerView } from '../homeowner-view/homeowner-view-store';
import { Refusal } from '../http/refusal';
import { readWholesaler } from '../profile/read-wholesaler';
import { hashOfferToken } from './offer-link-token';

export const publicOfferMessages = {
  notFound: 'Offer not found',
  expired: 'This offer has expired. You can ask for a new one.',
} as const;

type OfferLinkRow = typeof offerLinks.$inferSelect;

/** The link a token opens, or a 404 refusal: unknown, edited or truncated tokens are all just "not found". */
export async function findOfferLink(db: Pick<Database, 'select'>, token: string): Promise<OfferLinkRow> {
  const [link] = await db
    .select()
    .from(offerLinks)
    .where(eq(offerLinks.tokenHash, hashOfferToken(token)));
  if (!link) throw new Refusal(404, publicOfferMessages.notFound, { code: 'offer-not-found' });
  return link;
}

export interface PublicOffer extends ShownOffer {
  wholesaler: WholesalerBranding;
  createdAt: string;
  /** ISO 8601: the offer stands until this instant (7 days after it was made, §9). */
  validUntil: string;
  expired: boolean;
  /** 'This offer is valid for 7 days (until …).' or 'This offer expired on ….' */
  validityText: string;
  /** Whom it was e-mailed to, to prefill the answer forms; null for a shared link. */
  recipient: { name: string | null; email: string | null } | null;
}

/**
 * What the homeowner's page `/offer/{token}` shows: the offer as made, who made it (that member's
 * profile in the link's workspace), and whether it still stands. Only the parts of the offer its
 * workspace shows homeowners (its homeowner view) are read out: the others never leave the server.
 */
export async function readPublicOffer(db: Database, token: string, now = new Date()): Promise<PublicOffer> {
  const link = await findOfferLink(db, token);
  const wholesaler = await readWholesaler(db, link);
  if (!wholesaler) throw new Refusal(404, publicOfferMessages.notFound, { code: 'offer-not-found' });
  const expired = isOfferExpired(link.expiresAt, now);
  const offer = {
    address: link.address,
    marketValue: link.marketValue,
    repairs: link.repairs,
    totalRepairCost: link.totalRepairCost,
    templateName: link.templateName,
    offerRange: { low: link.offerLow, high: link.offerHigh },
    formula: link.formula,
    nearbySales: link.nearbySales ?? [],
  };
  return {
    ...showOffer(offer, await readWorkspaceHomeownerView(db, link.workspaceId)),
    wholesaler: { displayName: wholesaler.displayName, company: wholesaler.company, phone: wholesaler.phone },
    createdAt: link.createdAt.toISOString(),
    validUntil: link.expiresAt.toISOString(),
    expired,
    validityText: expired ? offerExpiredText(link.expiresAt) : offerValidityText(link.expiresAt),
    recipient:
      link.recipientName || link.recipientEmail ? { name: link.recipientName, email: link.recipientEmail } : null,
  };
}
