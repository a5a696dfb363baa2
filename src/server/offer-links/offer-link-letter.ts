import { showOffer } from '#domain/offer/homeowner-view.ts';
import type { Database } from '../db/database';
import { letterPdf, type PdfDocument } from '../documents/documents';
import { readWorkspaceHomeownerView } from '../homeowner-view/homeowner-view-store';
import { Refusal } from '../http/refusal';
import { readWholesaler } from '../profile/read-wholesaler';
import { findOfferLink, publicOfferMessages } from './read-public-offer';

/**
 * The letter of an offer link, for its homeowner: the offer as made, valid until the link expires,
 * telling no more of it than the workspace shows homeowners on the link's page.
 */
export async function offerLinkLetter(db: Database, token: string): Promise<PdfDocument> {
  const link = await findOfferLink(db, token);
  const wholesaler = await readWholesaler(db, link);
  if (!wholesaler) throw new Refusal(404, publicOfferMessages.notFound, { code: 'offer-not-found' });
  const offerRange = { low: link.offerLow, high: link.offerHigh };
  const shown = showOffer(
    { ...link, offerRange, nearbySales: [] },
    await readWorkspaceHomeownerView(db, link.workspaceId),
  );
  return letterPdf(wholesaler, {
    address: link.address,
    marketValue: shown.detail === 'whole-math' ? shown.marketValue : null,
    repairs: shown.repairs,
    offerRange,
    date: link.createdAt,
    validUntil: link.expiresAt,
    recipientName: link.recipientName,
  });
}
