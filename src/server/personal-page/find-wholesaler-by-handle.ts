import { eq, sql } from 'drizzle-orm';
import { normalizeHandle } from '#domain/profile/wholesaler-profile-schema.ts';
import type { Database } from '../db/database';
import { releasedHandles, wholesalerProfiles } from '../db/schema';
import { Refusal } from '../http/refusal';
import { readWholesaler, type Wholesaler } from '../profile/read-wholesaler';

/**
 * The member whose personal page `/c/{handle}` is, in the workspace the profile belongs to, compared case-insensitively (the unique
 * index on lower(handle) serves it), or who gave the handle up by renaming (released_handles):
 * an old link or embed keeps reaching its owner, under their current handle. Null when none.
 */
export async function findWholesalerByHandle(
  db: Pick<Database, 'select'>,
  handle: string,
): Promise<(Wholesaler & { handle: string }) | null> {
  const normalized = normalizeHandle(handle);
  const [row] = await db
    .select({ workspaceId: wholesalerProfiles.workspaceId, userId: wholesalerProfiles.userId })
    .from(wholesalerProfiles)
    .where(sql`lower(${wholesalerProfiles.handle}) = ${normalized}`);
  const [released] = row
    ? []
    : await db
        .select({ workspaceId: releasedHandles.workspaceId, userId: releasedHandles.userId })
        .from(releasedHandles)
        .where(eq(releasedHandles.handle, normalized));
  const face = row ?? released;
  if (!face) return null;
  const wholesaler = await readWholesaler(db, face);
  return wholesaler?.handle ? { ...wholesaler, handle: wholesaler.handle } : null;
}

export const personalPageMessages = { notFound: 'Page not found' } as const;

/** The wholesaler of `/c/{handle}`, or a 404 refusal { code: 'wholesaler-not-found' }. */
export async function requireWholesalerByHandle(db: Pick<Database, 'select'>, handle: string) {
  const found = await findWholesalerByHandle(db, handle);
  if (!found) throw new Refusal(404, personalPageMessages.notFound, { code: 'wholesaler-not-found' });
  return found;
}
