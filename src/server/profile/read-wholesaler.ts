import { eq } from 'drizzle-orm';
import { wholesalerDisplayName, type WholesalerBranding } from '../../domain/profile/wholesaler-profile-schema';
import type { Database } from '../db/database';
import { user, wholesalerProfiles } from '../db/schema';

/** A wholesaler as the lead features need them: branding shown to homeowners and where lead e-mails go. */
export interface Wholesaler extends WholesalerBranding {
  userId: string;
  handle: string | null;
  accountEmail: string;
  /** True once the account's owner opened the verification link e-mailed to accountEmail. */
  accountEmailVerified: boolean;
  /**
   * Where homeowners' replies should go: the profile's reply-to e-mail, else the account's once it
   * is verified (anyone can register someone else's address); undefined: no Reply-To.
   */
  replyTo: string | undefined;
  /** Where new leads are announced; null when the wholesaler turned lead e-mails off. */
  notifyTo: string | null;
  postalAddress: string;
}

type Reader = Pick<Database, 'select'>;

/** Reads one user's wholesaler identity (profile optional: a user without one is shown by account name). Null: no such user. */
export async function readWholesaler(db: Reader, userId: string): Promise<Wholesaler | null> {
  const [row] = await db
    .select({
      account: { id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified },
      profile: wholesalerProfiles,
    })
    .from(user)
    .leftJoin(wholesalerProfiles, eq(wholesalerProfiles.userId, user.id))
    .where(eq(user.id, userId));
  if (!row) return null;
  const { account, profile } = row;
  const leadsTo = profile?.replyToEmail || account.email;
  return {
    userId: account.id,
    handle: profile?.handle ?? null,
    displayName: wholesalerDisplayName(profile, account.name),
    company: profile?.company ?? '',
    phone: profile?.phone ?? '',
    accountEmail: account.email,
    accountEmailVerified: account.emailVerified,
    replyTo: profile?.replyToEmail || (account.emailVerified ? account.email : undefined),
    notifyTo: profile && !profile.notifyOnLeads ? null : leadsTo,
    postalAddress: profile?.postalAddress ?? '',
  };
}
