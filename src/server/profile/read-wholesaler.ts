import { and, eq } from 'drizzle-orm';
import { provenReplyTo } from '#domain/email/proven-reply-to.ts';
import { wholesalerDisplayName, type WholesalerBranding } from '#domain/profile/wholesaler-profile-schema.ts';
import type { Database } from '../db/database';
import { user, wholesalerProfiles } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';

/** A wholesaler as the lead features need them: branding shown to homeowners and where lead e-mails go. */
export interface Wholesaler extends WholesalerBranding {
  /** The workspace this is the member's face in (a profile is per member and workspace). */
  workspaceId: string;
  userId: string;
  handle: string | null;
  accountEmail: string;
  /** True once the account's owner opened the verification link e-mailed to accountEmail. */
  accountEmailVerified: boolean;
  /**
   * Where homeowners' replies should go: the profile's reply-to e-mail once proven by its own
   * link, else the account's once verified (anyone can type someone else's address); undefined:
   * none proven yet.
   */
  replyTo: string | undefined;
  /** Where new leads are announced (the same proven address); null when lead e-mails are off or none is proven. */
  notifyTo: string | null;
  /** Where work given to them is announced (the same proven address); null unless they switched it on. */
  assignmentsNotifyTo: string | null;
  postalAddress: string;
}

type Reader = Pick<Database, 'select'>;

/** A member of a workspace, as the profile is keyed. */
export interface WorkspaceFace {
  workspaceId: string;
  userId: string;
}

/**
 * Reads one member's wholesaler identity in one workspace (their profile there optional: without
 * one they are shown by account name). Null: no such user.
 */
export async function readWholesaler(db: Reader, { workspaceId, userId }: WorkspaceFace): Promise<Wholesaler | null> {
  const [row] = await db
    .select({
      account: { id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified },
      profile: wholesalerProfiles,
    })
    .from(user)
    .leftJoin(
      wholesalerProfiles,
      and(inWorkspace(wholesalerProfiles, workspaceId), eq(wholesalerProfiles.userId, user.id)),
    )
    .where(eq(user.id, userId));
  if (!row) return null;
  const { account, profile } = row;
  const proven = provenReplyTo({
    accountEmail: account.email,
    accountEmailVerified: account.emailVerified,
    replyToEmail: profile?.replyToEmail ?? '',
    replyToVerifiedEmail: profile?.replyToVerifiedEmail ?? null,
  });
  return {
    workspaceId,
    userId: account.id,
    handle: profile?.handle ?? null,
    displayName: wholesalerDisplayName(profile, account.name),
    company: profile?.company ?? '',
    phone: profile?.phone ?? '',
    accountEmail: account.email,
    accountEmailVerified: account.emailVerified,
    replyTo: proven ?? undefined,
    notifyTo: profile && !profile.notifyOnLeads ? null : proven,
    assignmentsNotifyTo: profile?.notifyOnAssignments ? proven : null,
    postalAddress: profile?.postalAddress ?? '',
  };
}
