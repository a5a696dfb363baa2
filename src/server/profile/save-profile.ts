import { eq } from 'drizzle-orm';
import { profileMessages, type WholesalerProfile } from '../../domain/profile/wholesaler-profile-schema';
import type { Database } from '../db/database';
import { wholesalerProfiles } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { Refusal } from '../http/refusal';

export type StoredProfile = Omit<typeof wholesalerProfiles.$inferSelect, 'userId' | 'updatedAt' | 'replyToVerifiedEmail'>;

const profileColumns = {
  handle: wholesalerProfiles.handle,
  displayName: wholesalerProfiles.displayName,
  company: wholesalerProfiles.company,
  phone: wholesalerProfiles.phone,
  replyToEmail: wholesalerProfiles.replyToEmail,
  postalAddress: wholesalerProfiles.postalAddress,
  notifyOnLeads: wholesalerProfiles.notifyOnLeads,
};

/** The user's profile, or null before they first save one. */
export async function getProfile(db: Pick<Database, 'select'>, userId: string): Promise<StoredProfile | null> {
  const [row] = await db.select(profileColumns).from(wholesalerProfiles).where(eq(wholesalerProfiles.userId, userId));
  return row ?? null;
}

/**
 * Creates or replaces the user's profile in one statement. A handle another user holds (in any
 * letter case) is refused by the unique index on lower(handle), so two users choosing it at once
 * cannot both get it: 409 'This handle is already taken'.
 */
export async function saveProfile(db: Database, userId: string, profile: WholesalerProfile): Promise<StoredProfile> {
  try {
    const [row] = await db
      .insert(wholesalerProfiles)
      .values({ userId, ...profile })
      .onConflictDoUpdate({ target: wholesalerProfiles.userId, set: { ...profile, updatedAt: new Date() } })
      .returning(profileColumns);
    if (!row) throw new Error('wholesaler_profiles upsert returned no row');
    return row;
  } catch (error) {
    if (isUniqueViolation(error, 'wholesaler_profiles_handle_idx')) {
      throw new Refusal(409, profileMessages.handleTaken, {
        code: 'handle-taken',
        details: { field: 'handle' },
        cause: error,
      });
    }
    throw error;
  }
}
