import { eq, sql } from 'drizzle-orm';
import { normalizeHandle } from '../../domain/profile/wholesaler-profile-schema';
import type { Database } from '../db/database';
import { Refusal } from '../http/refusal';
import { releasedHandles, wholesalerProfiles } from '../db/schema';
import { readWholesaler, type Wholesaler } from '../profile/read-wholesaler';

/**
 * The wholesaler whose personal page `/c/{handle}` is, compared case-insensitively (the unique
 * index on lower(handle) serves it), or who gave the handle up by renaming (released_handles):
 * an old link or embed keeps reaching its owner, under their current handle. Null when none.
 */
export async function findWholesalerByHandle(
  db: Pick<Database, 'select'>,
  handle: string,
): Promise<(Wholesaler & { handle: string }) | null> {
  const normalized = normalizeHandle(handle);
  const [row] = await db
    .select({ userId: wholesalerProfiles.userId })
    .from(wholesalerProfiles)
    .where(sql`lower(${wholesalerProfiles.handle}) = ${normalized}`);
  const [released] = row
    ? []
    : await db
        .select({ userId: releasedHandles.userId })
        .from(releasedHandles)
        .where(eq(releasedHandles.handle, normalized));
  const userId = row?.userId ?? released?.userId;
  if (!userId) return null;
  const wholesaler = await readWholesaler(db, userId);
  return wholesaler?.handle ? { ...wholesaler, handle: wholesaler.handle } : null;
}

export const personalPageMessages = { notFound: 'Page not found' } as const;

/** The wholesaler of `/c/{handle}`, or a 404 refusal { code: 'wholesaler-not-found' }. */
export async function requireWholesalerByHandle(db: Pick<Database, 'select'>, handle: string) {
  const found = await findWholesalerByHandle(db, handle);
  if (!found) throw new Refusal(404, personalPageMessages.notFound, { code: 'wholesaler-not-found' });
  return found;
}
