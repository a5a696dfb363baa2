import { and, eq, sql } from 'drizzle-orm';
import { wholesalerDisplayName } from '#domain/profile/wholesaler-profile-schema.ts';
import type { Database } from '../db/database';
import { user, wholesalerProfiles } from '../db/schema';
import { Refusal } from '../http/refusal';
import { readReplyToProofToken } from './reply-to-proof-token';
import { profileOf } from './save-profile';
import { replyToProofMessages } from './send-reply-to-proof';

/**
 * What a confirmation link is for, for the page that asks to confirm it (a GET must not confirm:
 * mail scanners open links): the address, who asked, and whether it is confirmed already.
 */
export async function readReplyToConfirmation(db: Pick<Database, 'select'>, serverSecret: string, token: string) {
  const proof = readReplyToProofToken(serverSecret, token);
  if (!proof) throw new Refusal(400, replyToProofMessages.invalidLink, { code: 'invalid-link' });
  const [row] = await db
    .select({ accountName: user.name, profile: wholesalerProfiles })
    .from(wholesalerProfiles)
    .innerJoin(user, eq(user.id, wholesalerProfiles.userId))
    .where(profileOf(proof));
  if (!row || row.profile.replyToEmail.trim().toLowerCase() !== proof.email) {
    throw new Refusal(409, replyToProofMessages.changed, { code: 'reply-to-changed' });
  }
  return {
    email: proof.email,
    requester: wholesalerDisplayName(row.profile, row.accountName),
    confirmed: row.profile.replyToVerifiedEmail?.toLowerCase() === proof.email,
  };
}

/** Confirms the address a link was sent to, while it is still the user's reply-to; answers it. */
export async function confirmReplyTo(db: Database, serverSecret: string, token: string) {
  const proof = readReplyToProofToken(serverSecret, token);
  if (!proof) throw new Refusal(400, replyToProofMessages.invalidLink, { code: 'invalid-link' });
  const [row] = await db
    .update(wholesalerProfiles)
    .set({ replyToVerifiedEmail: proof.email })
    .where(and(profileOf(proof), eq(sql`lower(btrim(${wholesalerProfiles.replyToEmail}))`, proof.email)))
    .returning({ email: wholesalerProfiles.replyToVerifiedEmail });
  if (!row) throw new Refusal(409, replyToProofMessages.changed, { code: 'reply-to-changed' });
  return { email: proof.email, confirmed: true };
}
