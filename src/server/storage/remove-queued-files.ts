import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Database } from '../db/database';
import { storedFileRemovals } from '../db/schema';
import type { FileStorage } from './file-storage';

/** How long a file the storage failed to remove waits before it is tried again. */
export const FILE_REMOVAL_RETRY_MS = 60 * 60 * 1000;

/**
 * Removes from the storage the files queued in stored_file_removals (those of a deleted
 * workspace, buyer or buyer offer, queued by their delete triggers, so only once the delete
 * committed), or only the queued `keys` given (a caller's own, once its delete committed), `batchSize` at a
 * time, each batch's rows locked (SKIP LOCKED: several processes never take the same one). A file
 * the storage fails to remove is logged and tried again FILE_REMOVAL_RETRY_MS later; nothing
 * waits for it. Returns how many were removed and how many failed.
 */
export async function removeQueuedFiles(
  db: Database,
  storage: FileStorage,
  {
    now = new Date(),
    batchSize = 100,
    keys,
    log,
  }: { now?: Date; batchSize?: number; keys?: readonly string[]; log: (key: string, error: unknown) => void },
): Promise<{ removed: number; failed: number }> {
  const outcome = { removed: 0, failed: 0 };
  if (keys?.length === 0) return outcome;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(storedFileRemovals)
        .where(
          and(
            lte(storedFileRemovals.nextAttemptAt, now),
            keys ? inArray(storedFileRemovals.key, [...keys]) : undefined,
          ),
        )
        .orderBy(asc(storedFileRemovals.nextAttemptAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const removed: string[] = [];
      for (const { key, attempts } of due) {
        try {
          await storage.delete(key);
          removed.push(key);
        } catch (error) {
          log(key, error);
          outcome.failed++;
          await tx
            .update(storedFileRemovals)
            .set({ attempts: attempts + 1, nextAttemptAt: new Date(now.getTime() + FILE_REMOVAL_RETRY_MS) })
            .where(eq(storedFileRemovals.key, key));
        }
      }
      if (removed.length > 0) await tx.delete(storedFileRemovals).where(inArray(storedFileRemovals.key, removed));
      outcome.removed += removed.length;
      return due.length;
    });
    if (taken < batchSize) return outcome;
  }
}
