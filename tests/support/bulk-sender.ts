// A wholesaler who may send bulk offers (issue 16): Pro plan, a verified account e-mail (as after
// opening the verification link) and a postal address in the profile (CAN-SPAM).
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { subscriptions, user, wholesalerProfiles } from '#server/db/schema.ts';

export const SENDER_POSTAL_ADDRESS = '1 Main St, Austin, TX 78701';

export async function makeBulkSender(
  db: Database,
  userId: string,
  { verified = true, postalAddress = SENDER_POSTAL_ADDRESS }: { verified?: boolean; postalAddress?: string } = {},
) {
  // A single-user setup: the user's own workspace has the user's id.
  await db.update(subscriptions).set({ plan: 'pro' }).where(eq(subscriptions.workspaceId, userId));
  await db.update(user).set({ emailVerified: verified }).where(eq(user.id, userId));
  await db
    .insert(wholesalerProfiles)
    .values({ workspaceId: userId, userId, displayName: 'Ann Lee', company: 'Lee Homes', postalAddress })
    .onConflictDoUpdate({
      target: [wholesalerProfiles.workspaceId, wholesalerProfiles.userId],
      set: { postalAddress },
    });
}
