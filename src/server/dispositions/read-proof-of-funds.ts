import { and, eq } from 'drizzle-orm';
import { dispositionMessages } from '#domain/deals/disposition-requests.ts';
import { proofOfFundsFileName } from '../buyers/read-proof-of-funds';
import type { Database } from '../db/database';
import { buyerOffers, buyers, leads } from '../db/schema';
import { inWorkspace, leadsVisibleTo, sameWorkspace, type LeadReader } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import type { FileStorage } from '../storage/file-storage';
import { offerNotFound } from './choose-deal-buyers';

/**
 * The proof of funds file a buyer sent with an offer on a lead the member sees, from the storage
 * (never a public address), with its stored type and a download name: another workspace's offer,
 * another lead's, or a lead the member does not see is a 404, as is an offer sent without a file.
 */
export async function readProofOfFunds(
  db: Database,
  storage: FileStorage,
  member: LeadReader,
  leadId: string,
  offerId: string,
) {
  const [offer] = await db
    .select({
      key: buyerOffers.proofOfFundsFileKey,
      contentType: buyerOffers.proofOfFundsContentType,
      buyerName: buyers.name,
    })
    .from(buyerOffers)
    .innerJoin(leads, and(eq(leads.id, buyerOffers.leadId), sameWorkspace(leads, buyerOffers)))
    .innerJoin(buyers, and(eq(buyers.id, buyerOffers.buyerId), sameWorkspace(buyers, buyerOffers)))
    .where(
      and(
        eq(buyerOffers.id, offerId),
        eq(buyerOffers.leadId, leadId),
        inWorkspace(buyerOffers, member),
        leadsVisibleTo(member),
      ),
    );
  if (!offer) throw offerNotFound();
  const noFile = () => new Refusal(404, dispositionMessages.proofNotFound, { code: 'not-found' });
  if (offer.key === null || offer.contentType === null) throw noFile();
  const bytes = await storage.get(offer.key);
  if (!bytes) throw noFile();
  return { bytes, contentType: offer.contentType, fileName: proofOfFundsFileName(offer.buyerName, offer.contentType) };
}
