import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/database';
import { account, user } from '../db/schema';

/** Better Auth's provider id of the e-mail and password sign-in in the account table. */
const PASSWORD_PROVIDER_ID = 'credential';

/**
 * After a password reset by the e-mailed link, which only the mailbox's owner can open: an
 * account that had not verified its e-mail is marked verified, and every other way into it
 * (a Google sign-in and the like) is removed, since whoever added it had not proved the address.
 * An account verified before keeps its sign-in methods. Returns whether the account was claimed.
 */
export async function claimAccountAfterPasswordReset(db: Database, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(user)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(and(eq(user.id, userId), eq(user.emailVerified, false)))
      .returning({ id: user.id });
    if (claimed.length === 0) return false;
    await tx.delete(account).where(and(eq(account.userId, userId), ne(account.providerId, PASSWORD_PROVIDER_ID)));
    return true;
  });
}
