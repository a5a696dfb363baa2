import { and, eq } from 'drizzle-orm';
import { replyToProofEmail } from '#domain/profile/reply-to-proof-email.ts';
import { wholesalerDisplayName } from '#domain/profile/wholesaler-profile-schema.ts';
import type { AppContext } from '../app-context';
import { user, wholesalerProfiles } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { sendingPolicyConfig, sendToThirdParty } from '../email/send-to-third-party';
import { Refusal } from '../http/refusal';
import { consumeRateLimit, tooManyAttemptsMessage } from '../rate-limit/consume-rate-limit';
import type { WorkspaceFace } from './read-wholesaler';
import { createReplyToProofToken, REPLY_TO_PROOF_TTL_MS } from './reply-to-proof-token';
import { profileOf } from './save-profile';

export const replyToProofMessages = {
  noReplyTo: 'Save a reply-to e-mail in your profile first',
  sent: (email: string) => `Confirmation link sent to ${email}. Open it to use this address.`,
  confirmed: (email: string) => `${email} is confirmed: replies and lead e-mails go there now.`,
  invalidLink: 'This confirmation link is not valid or has expired. Send a new one from your profile.',
  changed: 'Your reply-to e-mail changed since this link was sent. Send a new one from your profile.',
} as const;

/**
 * Confirmation links queued per hour, by one user and from one client address (over all its
 * accounts): a person retyping an address needs two or three. Without it only the daily quota
 * bounded them, and each link goes to an address nobody has proven (issue 37).
 */
export const REPLY_TO_PROOF_LIMITS = {
  perUser: { limit: 5, windowMs: 60 * 60_000 },
  perClient: { limit: 10, windowMs: 60 * 60_000 },
} as const;

/**
 * Proves the user's reply-to address before anything names it: the account's own verified e-mail
 * is proven at once; any other address gets a confirmation link through the sending policy (the
 * account verified, the address not unsubscribed, one link an hour to it), at most
 * REPLY_TO_PROOF_LIMITS by this user and from `clientAddress` (then 429 'rate-limited', nothing
 * queued; counted in the transaction, so only links that went out count). Answers whether it is
 * confirmed now or a link went out.
 */
export async function sendReplyToProof(
  context: AppContext,
  face: WorkspaceFace,
  clientAddress: string,
): Promise<{ confirmed: boolean }> {
  const { workspaceId, userId } = face;
  return context.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ account: user, profile: wholesalerProfiles })
      .from(user)
      .innerJoin(
        wholesalerProfiles,
        and(inWorkspace(wholesalerProfiles, workspaceId), eq(wholesalerProfiles.userId, user.id)),
      )
      .where(eq(user.id, userId))
      .for('update', { of: wholesalerProfiles });
    const replyTo = row?.profile.replyToEmail.trim().toLowerCase() ?? '';
    if (!row || replyTo === '') throw new Refusal(409, replyToProofMessages.noReplyTo, { code: 'no-reply-to' });
    if (replyTo === row.profile.replyToVerifiedEmail?.toLowerCase()) return { confirmed: true };
    if (row.account.emailVerified && replyTo === row.account.email.toLowerCase()) {
      await tx.update(wholesalerProfiles).set({ replyToVerifiedEmail: replyTo }).where(profileOf(face));
      return { confirmed: true };
    }
    for (const [key, rule] of [
      [`reply-to-proof:user:${userId}`, REPLY_TO_PROOF_LIMITS.perUser],
      [`reply-to-proof:ip:${clientAddress}`, REPLY_TO_PROOF_LIMITS.perClient],
    ] as const) {
      const decision = await consumeRateLimit(tx, { key, ...rule });
      if (!decision.allowed) {
        throw new Refusal(429, tooManyAttemptsMessage(decision.retryAfterMs), { code: 'rate-limited' });
      }
    }
    const name = wholesalerDisplayName(row.profile, row.account.name);
    const token = createReplyToProofToken(context.serverSecret, {
      workspaceId,
      userId,
      email: replyTo,
      expiresAt: new Date(Date.now() + REPLY_TO_PROOF_TTL_MS),
    });
    await sendToThirdParty(tx, sendingPolicyConfig(context), {
      workspaceId,
      senderUserId: userId,
      purpose: 'reply-to-proof',
      to: replyTo,
      typedText: [{ field: 'displayName', label: 'Your display name', text: name }],
      compose: ({ unsubscribeUrl }) =>
        replyToProofEmail({
          requester: { name, accountEmail: row.account.email },
          confirmUrl: `${context.env.APP_URL}/confirm-reply-to?token=${encodeURIComponent(token)}`,
          unsubscribeUrl,
        }),
    });
    return { confirmed: false };
  });
}
