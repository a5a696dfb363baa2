import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { homeownerEmailKey } from '#domain/email/homeowner-email-key.ts';
import { followUpMessages } from '#domain/follow-ups/follow-up-messages.ts';
import { followUpDueAt, followUpTimeZone } from '#domain/follow-ups/schedule.ts';
import type { FollowUpSequence, FollowUpSequenceKind } from '#domain/follow-ups/sequence.ts';
import type { MailingAddress } from '#domain/mail/mail-send-request.ts';
import type { Transaction } from '../db/database';
import { followUps, followUpTouches, leadEvents } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { currentRequestId } from '../observability/request-context';
import { lockLeadsOfFollowUps } from './lock-leads-first';
import { stopFollowUps } from './stop-follow-ups';
import { readWorkspaceSequence } from './workspace-sequence';

/** A sequence by mail's recipient key: its mailing address, never equal to an e-mail's key (no '@'). */
export const mailRecipientKey = (mailingAddressKey: string) => `mail:${mailingAddressKey}`;

export interface FollowUpEnrolment {
  workspaceId: string;
  /** Whose e-mails the steps are, and whose tasks until the lead has an assignee. */
  senderUserId: string;
  /** The offer followed up, with its page (the link every step carries). */
  offerLink: { id: string; url: string; address: string };
  leadId?: string | null;
  /**
   * Whom it follows up: by e-mail, or by mail (issue 41: `mail`, the piece that reached them and its
   * address; `email` then only when the row had one, so its unsubscribes and bounces stop it too).
   */
  recipient: {
    email: string | null;
    name: string;
    phone?: string;
    mail?: { pieceId: string; address: MailingAddress; addressKey: string };
  };
  /** The sender's postal address: the recipient's time zone falls back to theirs. */
  senderPostalAddress: string;
  /** Day 0: when the offer went out (its e-mail is step 0). */
  startedAt: Date;
  /** The offer's e-mail, when it was sent as part of this (a bulk offer). */
  offerEmailId?: string | null;
  /** Default: the workspace's own sequence of `kind`, else the built-in one. */
  sequence?: FollowUpSequence;
  /** Which of the workspace's sequences, when `sequence` is not given (default 'first-offer'). */
  kind?: FollowUpSequenceKind;
  /** What to do when the person already has an active sequence in the workspace. */
  whenActive: 'refuse' | 'replace' | 'keep';
  /** The member who started it by hand (on the lead's history). */
  actorUserId?: string | null;
}

/**
 * Starts a sequence for one person, inside `tx`: step 0 (the offer) is recorded as done, and the
 * next step falls due on its day in the recipient's morning. One active sequence per person and
 * workspace (a unique index): with one running already, `whenActive` refuses (409
 * 'follow-up-active', so the caller can ask first), replaces it (stopped as 'replaced'), or keeps
 * it (returns null, a bulk send's repeat).
 */
export async function enrolFollowUp(tx: Transaction, enrolment: FollowUpEnrolment): Promise<{ id: string } | null> {
  const sequence =
    enrolment.sequence ?? (await readWorkspaceSequence(tx, enrolment.workspaceId, enrolment.kind)).sequence;
  const { mail, email } = enrolment.recipient;
  // One active sequence per person: by mail, per mailing address; else per mailbox.
  const recipientKey = mail ? mailRecipientKey(mail.addressKey) : homeownerEmailKey(email ?? '');
  if (!mail && !email) throw new Error('a follow-up needs an e-mail address or a mailed piece');
  const theirs = and(
    inWorkspace(followUps, enrolment.workspaceId),
    eq(followUps.recipientKey, recipientKey),
    eq(followUps.status, 'active'),
  )!;
  // A lead before its sequences: the one replaced may be on another lead of theirs, whose history the stop writes.
  await lockLeadsOfFollowUps(tx, theirs, { strength: 'key share' });
  const [active] = await tx.select({ id: followUps.id }).from(followUps).where(theirs).for('update');
  if (active) {
    if (enrolment.whenActive === 'keep') return null;
    if (enrolment.whenActive === 'refuse') {
      throw new Refusal(409, followUpMessages.alreadyActive, { code: 'follow-up-active' });
    }
    await stopFollowUps(tx, { id: active.id, workspaceId: enrolment.workspaceId }, 'replaced', {
      at: enrolment.startedAt,
      actorUserId: enrolment.actorUserId ?? null,
    });
  }

  const timeZone = followUpTimeZone(enrolment.offerLink.address, enrolment.senderPostalAddress);
  const next = sequence.steps[1];
  const [row] = await tx
    .insert(followUps)
    .values({
      workspaceId: enrolment.workspaceId,
      senderUserId: enrolment.senderUserId,
      offerLinkId: enrolment.offerLink.id,
      requestId: currentRequestId(),
      offerUrl: enrolment.offerLink.url,
      leadId: enrolment.leadId ?? null,
      recipientEmail: email,
      recipientKey,
      mailPieceId: mail?.pieceId ?? null,
      mailingAddress: mail?.address ?? null,
      mailingAddressKey: mail?.addressKey ?? null,
      recipientName: enrolment.recipient.name,
      recipientPhone: enrolment.recipient.phone ?? '',
      timeZone,
      sequence,
      nextStep: 1,
      nextDueAt: next ? followUpDueAt(enrolment.startedAt, next.day, timeZone) : null,
      status: next ? 'active' : 'finished',
      stopReason: next ? null : 'finished',
      startedAt: enrolment.startedAt,
      replyToken: randomBytes(16).toString('hex'),
    })
    .returning({ id: followUps.id });
  if (!row) throw new Error('follow_ups insert returned no row');
  await tx.insert(followUpTouches).values({
    followUpId: row.id,
    step: 0,
    kind: 'offer',
    dueAt: enrolment.startedAt,
    emailOutboxId: enrolment.offerEmailId ?? null,
    doneAt: enrolment.startedAt,
  });
  if (enrolment.leadId) {
    await tx.insert(leadEvents).values({
      leadId: enrolment.leadId,
      kind: 'follow-up',
      text: `Follow-ups started: ${sequence.name}`,
      actorUserId: enrolment.actorUserId ?? null,
      createdAt: enrolment.startedAt,
    });
  }
  return row;
}
