import { and, eq, sql } from 'drizzle-orm';
import { buyerMessages, type Buyer } from '#domain/buyers/buyer-request.ts';
import type { Database } from '../db/database';
import { buyerOffers, buyers } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { inWorkspace, ownedRow } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { logger } from '../observability/logger';
import type { FileStorage } from '../storage/file-storage';
import { removeQueuedFiles } from '../storage/remove-queued-files';
import { unpackedBuyer } from './buyer-row';
import { buyerColumns, buyerView } from './buyer-view';

const EMAIL_KEY_INDEX = 'buyers_workspace_email_key_idx';

const emailTaken = (cause?: unknown) =>
  new Refusal(409, buyerMessages.emailTaken, { code: 'buyer-email-taken', cause });
const notFound = () => new Refusal(404, buyerMessages.notFound, { code: 'not-found' });

/** A new buyer of the workspace; 409 'buyer-email-taken' when another has the e-mail (the unique index decides, atomically). */
export async function createBuyer(db: Database, workspaceId: string, buyer: Buyer) {
  const [row] = await db
    .insert(buyers)
    .values({ workspaceId, ...unpackedBuyer(buyer) })
    .onConflictDoNothing({ target: [buyers.workspaceId, buyers.emailKey] })
    .returning(buyerColumns);
  if (!row) throw emailTaken();
  return buyerView(row);
}

/** Replaces a buyer's details and box; 404 for another workspace's id, 409 when another buyer has the e-mail. */
export async function updateBuyer(db: Database, workspaceId: string, id: string, buyer: Buyer) {
  try {
    const [row] = await db
      .update(buyers)
      .set({ ...unpackedBuyer(buyer), updatedAt: sql`now()` })
      .where(ownedRow(buyers, id, workspaceId))
      .returning(buyerColumns);
    if (!row) throw notFound();
    return buyerView(row);
  } catch (error) {
    if (isUniqueViolation(error, EMAIL_KEY_INDEX)) throw emailTaken(error);
    throw error;
  }
}

/**
 * Deletes a buyer, with their offers by cascade; 404 for another workspace's id. Their delete
 * triggers queue the buyer's and the offers' proof-of-funds files (migration buyer-files), which are
 * removed once the delete committed (a failure is logged, and tried again by the periodic run).
 */
export async function deleteBuyer(db: Database, storage: FileStorage, workspaceId: string, id: string) {
  const keys = await db.transaction(async (tx) => {
    const offered = await tx
      .select({ fileKey: buyerOffers.proofOfFundsFileKey })
      .from(buyerOffers)
      .where(and(eq(buyerOffers.buyerId, id), inWorkspace(buyerOffers, workspaceId)));
    const [removed] = await tx
      .delete(buyers)
      .where(ownedRow(buyers, id, workspaceId))
      .returning({ fileKey: buyers.proofOfFundsFileKey });
    if (!removed) throw notFound();
    return [removed.fileKey, ...offered.map((offer) => offer.fileKey)].filter((key) => key !== null);
  });
  await removeQueuedFiles(db, storage, {
    keys,
    log: (key, error) => logger.warn({ error, key }, 'a deleted buyer’s proof-of-funds file was not removed'),
  });
}

/** Records that the buyer opted out (kept from when they first did) or asked back in; 404 for another workspace's id. */
export async function setBuyerOptOut(db: Database, workspaceId: string, id: string, optedOut: boolean) {
  const [row] = await db
    .update(buyers)
    .set({
      optedOutAt: optedOut ? sql`coalesce(${buyers.optedOutAt}, now())` : null,
      updatedAt: sql`now()`,
    })
    .where(ownedRow(buyers, id, workspaceId))
    .returning(buyerColumns);
  if (!row) throw notFound();
  return buyerView(row);
}
