import { sql } from 'drizzle-orm';
import { normalizeHandle } from '../../domain/profile/wholesaler-profile-schema';
import type { Database } from '../db/database';
import { Refusal } from '../http/refusal';
import { wholesalerProfiles } from '../db/schema';
import { readWholesaler, type Wholesaler } from '../profile/read-wholesaler';

/** The wholesaler whose personal page `/c/{handle}` is, compared case-insensitively (the unique index on lower(handle) serves it); null when none. */
export async function findWholesalerByHandle(
  db: Pick<Database, 'select'>,
  handle: string,
): Promise<(Wholesaler & { handle: string }) | null> {
  const [row] = await db
    .select({ userId: wholesalerProfiles.userId })
    .from(wholesalerProfiles)
    .where(sql`lower(${wholesalerProfiles.handle}) = ${normalizeHandle(handle)}`);
  if (!row) return null;
  const wholesaler = await readWholesaler(db, row.userId);
  return wholesaler?.handle ? { ...wholesaler, handle: wholesaler.handle } : null;
}

export const personalPageMessages = { notFound: 'Page not found' } as const;

/** The wholesaler of `/c/{handle}`, or a 404 refusal { code: 'wholesaler-not-found' }. */
export async function requireWholesalerByHandle(db: Pick<Database, 'select'>, handle: string) {
  const found = await findWholesalerByHandle(db, handle);
  if (!found) throw new Refusal(404, personalPageMessages.notFound, { code: 'wholesaler-not-found' });
  return found;
}
