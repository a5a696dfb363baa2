import { sql } from 'drizzle-orm';
import { normalizeHandle } from '../../domain/profile/wholesaler-profile-schema';
import type { Database } from '../db/database';
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
