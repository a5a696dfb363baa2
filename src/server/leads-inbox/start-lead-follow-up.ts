import { followUpMessages } from '#domain/follow-ups/follow-up-messages.ts';
import { restatesFreshOffer, statusesToStartFollowUp } from '#domain/follow-ups/sequence-kinds.ts';
import type { FollowUpSequenceKind } from '#domain/follow-ups/sequence.ts';
import type { LeadFollowUpRequest } from '#domain/leads/lead-inbox-requests.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { AppContext } from '../app-context';
import { assertSenderMaySend } from '../email/send-to-third-party';
import { enrolFollowUp } from '../follow-ups/enrol-follow-up';
import { readLeadFollowUp } from '../follow-ups/read-follow-ups';
import { stopFollowUps } from '../follow-ups/stop-follow-ups';
import { Refusal } from '../http/refusal';
import { insertOfferLink } from '../offer-links/insert-offer-link';
import { lockOwnedLead } from './find-owned-lead';
import { assertMayWorkLead } from './may-work-lead';
import { restateFreshOffer } from './restate-fresh-offer';

const notForStatus: Record<
  FollowUpSequenceKind,
  { message: string; code: 'lead-past-new' | 'lead-status-not-for-sequence' }
> = {
  'first-offer': { message: followUpMessages.leadPastNew, code: 'lead-past-new' },
  nurture: { message: followUpMessages.nurtureNotForStatus, code: 'lead-status-not-for-sequence' },
  'dead-quarterly': { message: followUpMessages.quarterlyNotForStatus, code: 'lead-status-not-for-sequence' },
};

/**
 * Starts the workspace's follow-up sequence of the requested kind for a lead the member works, by
 * hand: the member is the sender (refused now, not at the first step, when they may not send
 * offers: verified e-mail, postal address), the lead's current offer goes out again as a fresh
 * answerable link valid 7 days (the first link's secret is kept nowhere), and its answers join this
 * lead. A nurture's first link already carries a fresh offer, recomputed from the lead's figures
 * (restateFreshOffer). The lead's status must suit the kind (statusesToStartFollowUp: 409). A
 * homeowner with a sequence running already is 409 'follow-up-active' unless `replace`.
 */
export async function startLeadFollowUp(
  { env, database, followUpClock }: AppContext,
  member: WorkspaceMember,
  leadId: string,
  request: LeadFollowUpRequest,
) {
  const now = followUpClock?.now() ?? new Date();
  return database.db.transaction(async (tx) => {
    const lead = await lockOwnedLead(tx, member, leadId);
    assertMayWorkLead(member, lead.status);
    const kind = request.sequence;
    if (!statusesToStartFollowUp[kind].includes(lead.status)) {
      throw new Refusal(409, notForStatus[kind].message, { code: notForStatus[kind].code });
    }
    if (!lead.email) throw new Refusal(409, followUpMessages.leadWithoutEmail, { code: 'lead-without-email' });
    if (lead.offerLow == null || lead.offerHigh == null || lead.marketValue == null) {
      throw new Refusal(409, followUpMessages.leadWithoutOffer, { code: 'lead-without-offer' });
    }
    const sender = await assertSenderMaySend(tx, member, 'follow-up');
    const fresh = restatesFreshOffer(kind)
      ? await restateFreshOffer(tx, {
          workspaceId: member.workspaceId,
          senderUserId: member.userId,
          leadId: lead.id,
          basisOfferLinkId: null,
          at: now,
          appUrl: env.APP_URL,
          sent: false,
        })
      : null;
    const link =
      fresh ??
      (await insertOfferLink(tx, env.APP_URL, {
        workspaceId: member.workspaceId,
        userId: member.userId,
        source: 'revised-offer',
        offer: {
          address: lead.address,
          marketValue: lead.marketValue,
          repairs: [],
          totalRepairCost: 0,
          templateName: '',
          offerRange: { low: lead.offerLow, high: lead.offerHigh },
          formula: null,
        },
        recipient: { name: lead.name, email: lead.email },
        revisesLeadId: lead.id,
        createdAt: now,
      }));
    await enrolFollowUp(tx, {
      workspaceId: member.workspaceId,
      senderUserId: member.userId,
      offerLink: { id: link.id, url: link.url, address: lead.address },
      leadId: lead.id,
      recipient: { email: lead.email, name: lead.name ?? '', phone: lead.phone ?? '' },
      senderPostalAddress: sender.postalAddress,
      startedAt: now,
      kind,
      whenActive: request.replace ? 'replace' : 'refuse',
      actorUserId: member.userId,
    });
    return readLeadFollowUp(tx, lead.id);
  });
}

/** Pauses the lead's running sequence (a stop with reason 'paused', on its history); nothing running: unchanged. */
export async function pauseLeadFollowUp(
  { database, followUpClock }: AppContext,
  member: WorkspaceMember,
  leadId: string,
) {
  return database.db.transaction(async (tx) => {
    const lead = await lockOwnedLead(tx, member, leadId);
    assertMayWorkLead(member, lead.status);
    await stopFollowUps(tx, { leadId: lead.id }, 'paused', {
      at: followUpClock?.now() ?? new Date(),
      actorUserId: member.userId,
    });
    return readLeadFollowUp(tx, lead.id);
  });
}
