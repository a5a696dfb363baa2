import type { Database } from '../db/database';
import { letterPdf, type PdfDocument } from '../documents/documents';
import { Refusal } from '../http/refusal';
import { readWholesaler } from '../profile/read-wholesaler';
import { findOfferLink, publicOfferMessages } from './read-public-offer';

/** The letter of an offer link, for its homeowner: the offer as made, valid until the link expires. */
export async function offerLinkLetter(db: Database, token: string): Promise<PdfDocument> {
  const link = await findOfferLink(db, token);
  const wholesaler = await readWholesaler(db, link);
  if (!wholesaler) throw new Refusal(404, publicOfferMessages.notFound, { code: 'offer-not-found' });
  return letterPdf(wholesaler, {
    address: link.address,
    marketValue: link.marketValue,
    repairs: link.repairs,
    offerRange: { low: link.offerLow, high: link.offerHigh },
    date: link.createdAt,
    validUntil: link.expiresAt,
    recipientName: link.recipientName,
  });
}
