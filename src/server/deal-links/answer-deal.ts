import { and, eq } from 'drizzle-orm';
import { dealPageMessages, type BuyerOfferForm } from '#domain/deals/buyer-listing.ts';
import { removeProofOfFundsFiles, storeProofOfFunds } from '../buyers/save-proof-of-funds';
import type { Database } from '../db/database';
import { buyerOffers, dealLinks, leads } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import type { FileStorage } from '../storage/file-storage';
import { findDealLink } from './read-deal-page';

/**
 * A buyer's offer from their deal page (issue 39 §4): a buyer_offers row of the link's deal and
 * buyer, with the proof-of-funds file (checked by content, stored before the row is written, and
 * removed again when the row is not). The link is locked and checked again in the transaction, so
 * an offer never lands on a link that expired meanwhile. Touching the lead announces the offer on
 * its workspace's live feed, so the lead's page shows it at once.
 */
export async function answerDeal(
  db: Database,
  storage: FileStorage,
  token: string,
  form: BuyerOfferForm,
  proof: Uint8Array | null,
) {
  const link = await findDealLink(db, token);
  const stored = proof ? await storeProofOfFunds(storage, proof) : null;
  try {
    return await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(dealLinks).where(eq(dealLinks.id, link.id)).for('update');
      if (!locked || locked.expiresAt.getTime() <= Date.now()) {
        throw new Refusal(410, dealPageMessages.expired, { code: 'deal-link-expired' });
      }
      const [offer] = await tx
        .insert(buyerOffers)
        .values({
          workspaceId: locked.workspaceId,
          leadId: locked.leadId,
          buyerId: locked.buyerId,
          dealLinkId: locked.id,
          amount: form.amount,
          proofOfFundsFileKey: stored?.key ?? null,
          proofOfFundsContentType: stored?.contentType ?? null,
          proofOfFundsAmount: form.proofOfFundsAmount,
          contactName: form.name,
          contactEmail: form.email,
          contactPhone: form.phone || null,
          message: form.message,
        })
        .returning({ id: buyerOffers.id, createdAt: buyerOffers.createdAt });
      await tx
        .update(leads)
        .set({ updatedAt: new Date() })
        .where(and(eq(leads.id, locked.leadId), inWorkspace(leads, locked.workspaceId)));
      if (!offer) throw new Error('buyer_offers insert returned no row');
      return { id: offer.id, createdAt: offer.createdAt.toISOString() };
    });
  } catch (error) {
    if (stored) await removeProofOfFundsFiles(storage, [stored.key]);
    throw error;
  }
}
