import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { buyerMessages } from '#domain/buyers/buyer-request.ts';
import {
  isProofOfFundsContentType,
  MAX_PROOF_OF_FUNDS_BYTES,
  proofOfFundsExtensions,
  proofOfFundsMessages,
  type ProofOfFundsContentType,
} from '#domain/buyers/proof-of-funds-rules.ts';
import type { Database, Transaction } from '../db/database';
import { buyers } from '../db/schema';
import { ownedRow } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { logger } from '../observability/logger';
import { removeStoredFiles, type FileStorage } from '../storage/file-storage';
import { buyerColumns, buyerView } from './buyer-view';

const buyerNotFound = () => new Refusal(404, buyerMessages.notFound, { code: 'not-found' });
export const proofOfFundsNotFound = () => new Refusal(404, proofOfFundsMessages.notFound, { code: 'not-found' });

/** Removes proof-of-funds files no row names (replaced, removed, a refused upload); a failure is logged, never the caller's. */
export const removeProofOfFundsFiles = (storage: FileStorage, keys: readonly string[]) =>
  removeStoredFiles(storage, keys, (key, error) =>
    logger.warn({ error, key }, 'a proof-of-funds file was not removed'),
  );

/**
 * The file's type as its bytes say, whatever its name or declared type: a PDF, JPEG, PNG or WebP
 * (415 otherwise: an HTML or SVG page named .pdf is refused), at most MAX_PROOF_OF_FUNDS_BYTES (413).
 */
export async function proofOfFundsTypeOf(bytes: Uint8Array): Promise<ProofOfFundsContentType> {
  if (bytes.length === 0) throw new Refusal(400, proofOfFundsMessages.empty, { code: 'unsupported-media-type' });
  if (bytes.length > MAX_PROOF_OF_FUNDS_BYTES)
    throw new Refusal(413, proofOfFundsMessages.tooLarge, { code: 'payload-too-large' });
  const type = (await fileTypeFromBuffer(bytes))?.mime;
  if (!isProofOfFundsContentType(type))
    throw new Refusal(415, proofOfFundsMessages.wrongType, { code: 'unsupported-media-type' });
  return type;
}

/**
 * Checks a proof-of-funds file by its content (proofOfFundsTypeOf) and stores it under a key of
 * the app's own, named with its type's extension (proofOfFundsTypeOfName reads it back): a buyer's
 * file on their record, or one sent with an offer from the deal page. The caller removes it
 * (removeProofOfFundsFiles) when no row comes to name it.
 */
export async function storeProofOfFunds(storage: FileStorage, bytes: Uint8Array) {
  const contentType = await proofOfFundsTypeOf(bytes);
  const key = `proof-of-funds/${randomUUID()}.${proofOfFundsExtensions[contentType]}`;
  await storage.put(key, bytes, contentType);
  return { key, contentType };
}

/** The buyer's stored file key, their row locked until the transaction ends; 404 for another workspace's id. */
async function lockedFileKey(tx: Transaction, workspaceId: string, buyerId: string) {
  const [row] = await tx
    .select({ fileKey: buyers.proofOfFundsFileKey })
    .from(buyers)
    .where(ownedRow(buyers, buyerId, workspaceId))
    .for('update');
  if (!row) throw buyerNotFound();
  return row.fileKey;
}

/**
 * PUT /api/buyers/{id}/proof-of-funds: the buyer's proof-of-funds file, checked by content, stored
 * under a key of the app's own before the row names it; the row is changed under its lock, so two
 * uploads at once leave one file named and the other removed. The file it replaces is removed once
 * the change is committed; a refused or failed upload leaves no file behind. 404 for another
 * workspace's buyer, with nothing stored.
 */
export async function uploadProofOfFunds(
  db: Database,
  storage: FileStorage,
  workspaceId: string,
  buyerId: string,
  file: Uint8Array,
) {
  const [known] = await db
    .select({ id: buyers.id })
    .from(buyers)
    .where(ownedRow(buyers, buyerId, workspaceId));
  if (!known) throw buyerNotFound();
  const { key } = await storeProofOfFunds(storage, file);
  const changed = await db
    .transaction(async (tx) => {
      const replaced = await lockedFileKey(tx, workspaceId, buyerId);
      const [row] = await tx
        .update(buyers)
        .set({ proofOfFundsFileKey: key, updatedAt: sql`now()` })
        .where(ownedRow(buyers, buyerId, workspaceId))
        .returning(buyerColumns);
      if (!row) throw new Error('the locked buyer was not updated');
      return { replaced, row };
    })
    .catch(async (error: unknown) => {
      await removeProofOfFundsFiles(storage, [key]);
      throw error;
    });
  if (changed.replaced !== null) await removeProofOfFundsFiles(storage, [changed.replaced]);
  return buyerView(changed.row);
}

/** DELETE /api/buyers/{id}/proof-of-funds: the row forgets the file, then the file is removed; 404 when there is none. */
export async function removeProofOfFunds(db: Database, storage: FileStorage, workspaceId: string, buyerId: string) {
  const { removed, row } = await db.transaction(async (tx) => {
    const fileKey = await lockedFileKey(tx, workspaceId, buyerId);
    if (fileKey === null) throw proofOfFundsNotFound();
    const [updated] = await tx
      .update(buyers)
      .set({ proofOfFundsFileKey: null, updatedAt: sql`now()` })
      .where(ownedRow(buyers, buyerId, workspaceId))
      .returning(buyerColumns);
    if (!updated) throw new Error('the locked buyer was not updated');
    return { removed: fileKey, row: updated };
  });
  await removeProofOfFundsFiles(storage, [removed]);
  return buyerView(row);
}
