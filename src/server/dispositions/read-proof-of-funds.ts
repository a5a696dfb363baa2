import { and, eq } from 'drizzle-orm';
import { dispositionMessages } from '#domain/deals/disposition-requests.ts';
import type { Database } from '../db/database';
import { buyerOffers, leads } from '../db/schema';
import { inWorkspace, leadsVisibleTo, sameWorkspace, type LeadReader } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import type { FileStorage } from '../storage/file-storage';
import { offerNotFound } from './choose-deal-buyers';

/**
 * The proof of funds file a buyer sent with an offer on a lead the member sees, from the storage
 * (never a public address): another workspace's offer, another lead's, or a lead the member does
 * not see is a 404, as is an offer sent without a file.
 */
export async function readProofOfFunds(
  db: Database,
  storage: FileStorage,
  member: LeadReader,
  leadId: string,
  offerId: string,
) {
  const [offer] = await db
    .select({ key: buyerOffers.proofOfFundsFileKey, contentType: buyerOffers.proofOfFundsContentType })
    .from(buyerOffers)
    .innerJoin(leads, and(eq(leads.id, buyerOffers.leadId), sameWorkspace(leads, buyerOffers)))
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
  if (offer.key === null) throw noFile();
  const bytes = await storage.get(offer.key);
  if (!bytes) throw noFile();
  return { bytes, contentType: offer.contentType ?? 'application/octet-stream' };
}
