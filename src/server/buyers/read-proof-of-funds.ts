import type { Context } from 'hono';
import { buyerMessages } from '#domain/buyers/buyer-request.ts';
import {
  proofOfFundsExtensions,
  proofOfFundsTypeOfName,
  type ProofOfFundsContentType,
} from '#domain/buyers/proof-of-funds-rules.ts';
import type { Database } from '../db/database';
import { buyers } from '../db/schema';
import { ownedRow } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import type { FileStorage } from '../storage/file-storage';
import { proofOfFundsNotFound } from './save-proof-of-funds';

/** 'Ann Lee' → 'proof-of-funds-ann-lee.pdf': a download's name of plain letters, whatever the buyer's name holds. */
export function proofOfFundsFileName(buyerName: string, contentType: ProofOfFundsContentType): string {
  return `${downloadName(buyerName)}.${proofOfFundsExtensions[contentType]}`;
}

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
  return { bytes, contentType, fileName: proofOfFundsFileName(row.name, contentType) };
}

/**
 * A proof-of-funds file as the workspace downloads it (a buyer's, or one sent with an offer): its
 * type as stored, always an attachment, never shown in the app's origin (the bytes are the buyer's,
 * not ours), never kept by a shared cache.
 */
export function proofOfFundsDownload(
  c: Context,
  { bytes, contentType, fileName }: { bytes: Uint8Array; contentType: ProofOfFundsContentType; fileName: string },
) {
  c.header('Content-Type', contentType);
  c.header('Content-Disposition', `attachment; filename="${fileName}"`);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'private, no-store');
  return c.body(new Uint8Array(bytes));
}
