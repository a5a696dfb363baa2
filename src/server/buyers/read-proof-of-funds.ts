import { buyerMessages } from '#domain/buyers/buyer-request.ts';
import { proofOfFundsExtensions, proofOfFundsTypeOfName } from '#domain/buyers/proof-of-funds-rules.ts';
import type { Database } from '../db/database';
import { buyers } from '../db/schema';
import { ownedRow } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import type { FileStorage } from '../storage/file-storage';
import { proofOfFundsNotFound } from './save-proof-of-funds';

/** 'Ann Lee' → 'proof-of-funds-ann-lee': a download's name of plain letters, whatever the buyer's name holds. */
function downloadName(buyerName: string): string {
  const slug = buyerName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug ? `proof-of-funds-${slug}` : 'proof-of-funds';
}

/**
 * GET /api/buyers/{id}/proof-of-funds: the buyer's stored file, its type (read from the key the app
 * named it with) and a download name; 404 for another workspace's buyer or one without a file.
 */
export async function readProofOfFunds(db: Database, storage: FileStorage, workspaceId: string, buyerId: string) {
  const [row] = await db
    .select({ name: buyers.name, fileKey: buyers.proofOfFundsFileKey })
    .from(buyers)
    .where(ownedRow(buyers, buyerId, workspaceId));
  if (!row) throw new Refusal(404, buyerMessages.notFound, { code: 'not-found' });
  const contentType = row.fileKey === null ? undefined : proofOfFundsTypeOfName(row.fileKey);
  const bytes = row.fileKey === null ? undefined : await storage.get(row.fileKey);
  if (!contentType || !bytes) throw proofOfFundsNotFound();
  return { bytes, contentType, fileName: `${downloadName(row.name)}.${proofOfFundsExtensions[contentType]}` };
}
