import { eq } from 'drizzle-orm';
import type { SharedOfferFollowUp } from '#domain/follow-ups/shared-offer-follow-up.ts';
import { offerPageUrl } from '#domain/offer/offer-token.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { AppContext } from '../app-context';
import { offerLinks } from '../db/schema';
import { assertSenderMaySend } from '../email/send-to-third-party';
import { enrolFollowUp } from '../follow-ups/enrol-follow-up';
import { Refusal } from '../http/refusal';
import { findOfferLink, publicOfferMessages } from './read-public-offer';

/**
 * Follows up a shared offer with the homeowner it went to, by e-mail until they answer: the member
 * is the sender (refused now when they may not send offers), the link's answer form is prefilled
 * with the homeowner, and another workspace's link is unknown (404). A homeowner with a sequence
 * running already is 409 'follow-up-active' unless `replace`.
 */
export async function followUpSharedOffer(
  { env, database, followUpClock }: AppContext,
  member: WorkspaceMember,
  request: SharedOfferFollowUp,
) {
  const link = await findOfferLink(database.db, request.token);
  if (link.workspaceId !== member.workspaceId) {
    throw new Refusal(404, publicOfferMessages.notFound, { code: 'offer-not-found' });
  }
  return database.db.transaction(async (tx) => {
    const sender = await assertSenderMaySend(tx, member, 'follow-up');
    await tx
      .update(offerLinks)
      .set({ recipientName: request.name || null, recipientEmail: request.email })
      .where(eq(offerLinks.id, link.id));
    const followUp = await enrolFollowUp(tx, {
      workspaceId: member.workspaceId,
      senderUserId: member.userId,
      offerLink: { id: link.id, url: offerPageUrl(env.APP_URL, request.token), address: link.address },
      recipient: { email: request.email, name: request.name },
      senderPostalAddress: sender.postalAddress,
      startedAt: followUpClock?.now() ?? new Date(),
      whenActive: request.replace ? 'replace' : 'refuse',
      actorUserId: member.userId,
    });
    return { id: followUp!.id, email: request.email };
  });
}
