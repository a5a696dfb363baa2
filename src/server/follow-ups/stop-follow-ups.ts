import { and, eq, sql, type SQL } from 'drizzle-orm';
import { homeownerEmailKey } from '#domain/email/homeowner-email-key.ts';
import { followUpStopMessages, type FollowUpStopReason } from '#domain/follow-ups/sequence.ts';
import type { Transaction } from '../db/database';
import { followUps, leadEvents } from '../db/schema';
import { inWorkspace, ownedRow } from '../db/workspace-scope';
import { lockLeadsOfFollowUps } from './lock-leads-first';

/** Which active sequences a stop concerns. */
export type FollowUpSelector =
  | { id: string; workspaceId: string }
  | { leadId: string }
  | { offerLinkId: string }
  | { recipientKey: string }
  /** One exact address, lower-cased (exactSuppressionEmail): a bounce's. */
  | { recipientEmail: string }
  | { replyToken: string }
  /** A workspace's sequences by mail to one mailing address (mailingAddressKey's form): a stop or a return. */
  | { workspaceId: string; mailingAddressKey: string };

function matching(selector: FollowUpSelector): SQL {
  if ('id' in selector) return ownedRow(followUps, selector.id, selector.workspaceId);
  if ('mailingAddressKey' in selector)
    return and(
      inWorkspace(followUps, selector.workspaceId),
      eq(followUps.mailingAddressKey, selector.mailingAddressKey),
    )!;
  if ('leadId' in selector) return eq(followUps.leadId, selector.leadId);
  if ('offerLinkId' in selector) return eq(followUps.offerLinkId, selector.offerLinkId);
  if ('recipientKey' in selector) return eq(followUps.recipientKey, selector.recipientKey);
  if ('recipientEmail' in selector) {
    // Its mailbox's key first (follow_ups_recipient_idx), then the one spelling among its sequences.
    return and(
      eq(followUps.recipientKey, homeownerEmailKey(selector.recipientEmail)),
      eq(sql`lower(btrim(${followUps.recipientEmail}))`, selector.recipientEmail),
    )!;
  }
  return eq(followUps.replyToken, selector.replyToken);
}

/**
 * Stops the active sequences the selector names, at once and for good: no further step is taken
 * (the engine takes only active ones, and checks again under their row lock). Each stop is written
 * on its lead's history with the reason, by `actorUserId` when a member stopped it; those leads
 * are locked first (lockLeadsOfFollowUps: a lead before its sequences). Returns how many stopped.
 */
export async function stopFollowUps(
  tx: Transaction,
  selector: FollowUpSelector,
  reason: FollowUpStopReason,
  { at = new Date(), actorUserId = null }: { at?: Date; actorUserId?: string | null } = {},
): Promise<number> {
  const which = and(eq(followUps.status, 'active'), matching(selector))!;
  await lockLeadsOfFollowUps(tx, which, { strength: 'key share' });
  const stopped = await tx
    .update(followUps)
    .set({ status: reason === 'finished' ? 'finished' : 'stopped', stopReason: reason, stoppedAt: at, nextDueAt: null })
    .where(which)
    .returning({ leadId: followUps.leadId });
  const onLeads = stopped.flatMap(({ leadId }) => (leadId ? [leadId] : []));
  if (onLeads.length > 0) {
    await tx.insert(leadEvents).values(
      onLeads.map((leadId) => ({
        leadId,
        kind: 'follow-up' as const,
        text:
          reason === 'finished'
            ? 'Follow-ups finished: every step is done'
            : `Follow-ups stopped: ${followUpStopMessages[reason]}`,
        actorUserId,
        createdAt: at,
      })),
    );
  }
  return stopped.length;
}
