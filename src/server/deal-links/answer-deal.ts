import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import {
  dealPageMessages,
  isProofOfFundsContentType,
  MAX_PROOF_OF_FUNDS_BYTES,
  type BuyerOfferForm,
  type ProofOfFundsContentType,
} from '#domain/deals/buyer-listing.ts';
import type { Database } from '../db/database';
import { buyerOffers, dealLinks, leads } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { logger } from '../observability/logger';
import { removeStoredFiles, type FileStorage } from '../storage/file-storage';
import { findDealLink } from './read-deal-page';

const extensions: Record<ProofOfFundsContentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * A proof-of-funds file as it is kept: refused over MAX_PROOF_OF_FUNDS_BYTES (413) or unless its
 * bytes are a PDF, JPEG, PNG or WebP (415), whatever its name or declared type.
 */
export async function checkProofOfFunds(bytes: Uint8Array): Promise<ProofOfFundsContentType> {
  if (bytes.length > MAX_PROOF_OF_FUNDS_BYTES) {
    throw new Refusal(413, dealPageMessages.proofTooLarge, { code: 'payload-too-large' });
  }
  const type = (await fileTypeFromBuffer(bytes))?.mime;
  if (!isProofOfFundsContentType(type)) {
    throw new Refusal(415, dealPageMessages.proofWrongType, { code: 'unsupported-media-type' });
  }
  return type;
}

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
  const contentType = proof ? await checkProofOfFunds(proof) : null;
  const key = proof && contentType ? `proof-of-funds/${randomUUID()}.${extensions[contentType]}` : null;
  if (proof && key && contentType) await storage.put(key, proof, contentType);
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
          proofOfFundsFileKey: key,
          proofOfFundsContentType: contentType,
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
    if (key) {
      await removeStoredFiles(storage, [key], (file, cause) =>
        logger.warn({ error: cause, key: file }, 'a proof-of-funds file was not removed'),
      );
    }
    throw error;
  }
}
