import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { renderFollowUpEmail } from '#domain/follow-ups/render-step.ts';
import { followUpDueAt } from '#domain/follow-ups/schedule.ts';
import { followUpSequenceKind, followUpStopOnStatus, restatesFreshOffer } from '#domain/follow-ups/sequence-kinds.ts';
import {
  isMailStep,
  type FollowUpMailKind,
  type FollowUpStep,
  type FollowUpStopReason,
} from '#domain/follow-ups/sequence.ts';
import { isLeadStatus } from '#domain/leads/lead-status.ts';
import { offerExpiresAt } from '#domain/offer/offer-validity.ts';
import { isWorkspaceRole, may } from '#domain/workspaces/roles.ts';
import type { Database, Transaction } from '../db/database';
import { followUps, followUpTouches, leads, mailShortCodes, mailSuppressions, offerLinks } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { lockNextPacedSendTime } from '../email/paced-send-time';
import { sendToThirdParty, type SendingPolicyConfig } from '../email/send-to-third-party';
import { sendingRefusalOf } from '../email/sending-refusal';
import { suppressionKeysOf } from '../email/unsubscribe-token';
import { runAsQueuingRequest } from '../observability/request-context';
import { readWholesaler } from '../profile/read-wholesaler';
import { lockLeadsOfFollowUps } from './lock-leads-first';
import { stopFollowUps } from './stop-follow-ups';

const HOUR_MS = 60 * 60 * 1000;

export interface FollowUpBatch {
  /** Sequences whose step fell due and were taken in this batch. */
  claimed: number;
  emailed: number;
  tasks: number;
  stopped: number;
  /** Steps put off (the sender's daily quota is used up, say): they are tried again later. */
  postponed: number;
  /** E-mail steps left due because the paced queue is full for now: the next batch takes them. */
  waiting: number;
  /** Letter and postcard steps taken: queued for Lob, or left for the day's "print these today". */
  mailed: number;
}

export type FollowUp = typeof followUps.$inferSelect;

/**
 * Mails a letter or postcard step of a sequence by mail (issue 41), inside the step's transaction,
 * once its touch is recorded (still to do): 'queued' when it went to the workspace's Lob queue
 * (the mailer marks the touch done with its piece); 'to-print' when the workspace prints its own
 * (the touch waits for the day's "print these today" run); or a time to try again (the monthly
 * piece cap is reached). Given by the mail room (main.ts), which this room cannot import.
 */
export type FollowUpMailer = (
  tx: Transaction,
  step: { followUp: FollowUp; kind: FollowUpMailKind; touchId: string; now: Date },
) => Promise<'queued' | 'to-print' | { retryAt: Date }>;

/**
 * Makes the fresh offer a nurture step re-states, inside `tx`: a new answerable link for the lead,
 * its range recomputed from the lead's figures with the workspace's template (the revised-offer
 * path, leads-inbox/restate-fresh-offer.ts: passed in, as offer links already reach follow-ups).
 * Null when no offer can be computed (no market value, a deal that does not work): the step then
 * re-states the offer it has, renewed.
 */
export type RestateFreshOffer = (
  tx: Transaction,
  request: {
    workspaceId: string;
    senderUserId: string;
    leadId: string;
    /** The offer the sequence states now (its repairs and formula are the lead's figures); null: the lead's own. */
    basisOfferLinkId: string | null;
    at: Date;
    appUrl: string;
    /**
     * True when the offer goes to the homeowner now (an e-mail step): it becomes the lead's current
     * offer, on its history. A task's, or the one a nurture starts with, is only the sequence's.
     */
    sent: boolean;
  },
) => Promise<{ id: string; url: string } | null>;

/**
 * Takes one batch of sequences whose next step is due and takes that step, in one transaction:
 * - due sequences are served fairly, each sender's earliest first, before anyone's second;
 * - each is locked after its lead (FOR UPDATE SKIP LOCKED: two processes never take the same one,
 *   and one whose lead a member is changing waits for a later batch) and checked
 *   again, at this moment, for every reason to stop (the homeowner answered, the lead moved past
 *   New, the address unsubscribed, complained or bounced, the offer expired with no renewing step
 *   left, the sender left the workspace or lost the right the sequence was started with);
 * - the step is recorded in follow_up_touches (one row per step: unique), an e-mail step queued
 *   through the sending policy, a task left for the assignee's Today list;
 * - the sequence moves to its next step's due time, or finishes.
 * A crash before commit leaves the step due; after it, the step is done: each step exactly once.
 */
export async function runDueFollowUps({
  db,
  policy,
  now,
  batchSize = 20,
  inboundDomain = null,
  pacing = { intervalMs: 0, queueAheadMs: Number.POSITIVE_INFINITY },
  outboxNow = now,
  restateOffer,
  mailer,
}: {
  db: Database;
  policy: Omit<SendingPolicyConfig, 'now'>;
  now: Date;
  batchSize?: number;
  /** The domain replies to reply+{token}@… reach the app at (the e-mail provider's inbound webhook); null: none. */
  inboundDomain?: string | null;
  /**
   * E-mails leave one per `intervalMs` with the bulk offers (BULK_EMAIL_INTERVAL_MS: the provider's
   * rate), and none is queued more than `queueAheadMs` before its turn: a step waits in its
   * sequence, where every stop still reaches it, rather than in the outbox.
   */
  pacing?: { intervalMs: number; queueAheadMs: number };
  /**
   * The outbox's time, which send times are on: the real clock, also when the end-to-end tests
   * have moved the follow-ups' clock ahead (default `now`).
   */
  outboxNow?: Date;
  /** A nurture sequence's steps each re-state a fresh offer through it (required once one runs). */
  restateOffer?: RestateFreshOffer;
  /** Mails letter and postcard steps through Lob when the workspace has a key; absent: every one is printed. */
  mailer?: FollowUpMailer;
}): Promise<FollowUpBatch> {
  return db.transaction(async (tx) => {
    const report: FollowUpBatch = {
      claimed: 0,
      emailed: 0,
      tasks: 0,
      stopped: 0,
      postponed: 0,
      waiting: 0,
      mailed: 0,
    };
    let nextSendAt = await lockNextPacedSendTime(tx, outboxNow, pacing.intervalMs);
    // Fair: the senders whose earliest step is most overdue, each sender's steps in due order, and
    // everyone's first before anyone's second. The senders are walked one index seek each on
    // follow_ups_sender_due_idx (a loose index scan), never by reading every due row.
    const due = sql`${now.toISOString()}::timestamptz`;
    const picked = (await tx.execute(sql`
      with recursive senders (id) as (
        select min(sender_user_id) from follow_ups where status = 'active'
        union all
        select (select min(f.sender_user_id) from follow_ups f where f.status = 'active' and f.sender_user_id > senders.id)
        from senders where senders.id is not null
      ), firsts as (
        select senders.id as sender_user_id, earliest.due as first_due
        from senders
        cross join lateral (
          select min(f.next_due_at) as due from follow_ups f where f.status = 'active' and f.sender_user_id = senders.id
        ) earliest
        where senders.id is not null and earliest.due <= ${due}
        order by earliest.due, senders.id
        limit ${batchSize}::int
      )
      select picked.id from firsts
      cross join lateral (
        select id, next_due_at, row_number() over (order by next_due_at, id) as turn
        from follow_ups
        where sender_user_id = firsts.sender_user_id and status = 'active' and next_due_at <= ${due}
        order by next_due_at, id
        limit ${batchSize}::int
      ) picked
      order by picked.turn, picked.next_due_at, picked.id
      limit ${batchSize}::int`)) as unknown as { rows: { id: string }[] };
    if (picked.rows.length === 0) return report;
    const pickedIds = inArray(
      followUps.id,
      picked.rows.map((row) => row.id),
    );
    // A lead before its sequences (lockLeadsOfFollowUps): their leads first, any another transaction
    // holds skipped, and with it its sequences, which wait for a later batch.
    const leadsHeld = await lockLeadsOfFollowUps(tx, pickedIds, { strength: 'no key update', skipLocked: true });
    const locked = await tx
      .select()
      .from(followUps)
      .where(
        and(
          pickedIds,
          eq(followUps.status, 'active'),
          lte(followUps.nextDueAt, now),
          or(isNull(followUps.leadId), inArray(followUps.leadId, [...leadsHeld])),
        ),
      )
      .for('update', { skipLocked: true });

    for (const followUp of locked) {
      const step = followUp.sequence.steps[followUp.nextStep];
      if (step?.kind === 'email' && nextSendAt > outboxNow.getTime() + pacing.queueAheadMs) {
        report.waiting++;
        continue;
      }
      const stop = await reasonToStop(tx, followUp, now);
      if (stop === 'lead-busy') {
        report.waiting++;
        continue;
      }
      report.claimed++;
      if (stop) {
        await stopFollowUps(tx, { id: followUp.id, workspaceId: followUp.workspaceId }, stop, { at: now });
        report.stopped++;
        continue;
      }
      const outcome = step
        ? await runAsQueuingRequest(followUp.requestId, () =>
            takeStep(tx, {
              followUp,
              step,
              now,
              sendAt: new Date(nextSendAt),
              policy,
              inboundDomain,
              restateOffer,
              mailer,
            }),
          )
        : { done: true as const };
      if ('stop' in outcome) {
        await stopFollowUps(tx, { id: followUp.id, workspaceId: followUp.workspaceId }, outcome.stop, { at: now });
        report.stopped++;
      } else if ('retryAt' in outcome) {
        await tx.update(followUps).set({ nextDueAt: outcome.retryAt }).where(eq(followUps.id, followUp.id));
        report.postponed++;
      } else {
        if (step?.kind === 'email') {
          report.emailed++;
          nextSendAt += pacing.intervalMs;
        } else if (step && isMailStep(step)) report.mailed++;
        else if (step) report.tasks++;
        await advance(tx, followUp, now);
      }
    }
    return report;
  });
}

/**
 * Why a sequence must stop now, checked at the moment its step is due; null: go on. 'lead-busy':
 * it has just learned its lead (an answer to its offer), which another transaction holds: it is
 * left as it is for a later batch.
 */
async function reasonToStop(
  tx: Transaction,
  followUp: FollowUp,
  now: Date,
): Promise<FollowUpStopReason | 'lead-busy' | null> {
  // Everything a stop depends on, in one statement: the sender's membership and role, the homeowner's lead
  // (the one the sequence was started from, or one an answer to its offer made), a suppression of
  // the address (suppressionKeysOf: an unsubscribe's wide key, a bounce's exact address), and the
  // offer's source and expiry.
  // A sequence by mail of an owner with no e-mail has no e-mail suppression to look up.
  const suppressionKeys = (followUp.recipientEmail ? suppressionKeysOf(followUp.recipientEmail) : ['']).map(
    (key) => sql`${key}`,
  );
  const { rows } = (await tx.execute(sql`
    select sender.role as sender_role, sender.may_bulk_send_and_export as sender_may_bulk_send,
           offer.source as offer_source, offer.expires_at as offer_expires_at,
           lead.id as lead_id, lead.status as lead_status, lead.responded_at as lead_responded_at,
           (select u.reason from email_unsubscribes u
            where u.email in (${sql.join(suppressionKeys, sql`, `)}) limit 1) as suppressed,
           (select ${mailSuppressions.reason} from ${mailSuppressions}
            where ${and(
              inWorkspace(mailSuppressions, followUp.workspaceId),
              eq(mailSuppressions.mailingAddressKey, followUp.mailingAddressKey ?? ''),
            )}
            limit 1) as do_not_mail
    from (select 1) as one
    left join member sender
      on sender.organization_id = ${followUp.workspaceId} and sender.user_id = ${followUp.senderUserId}
    left join offer_links offer on offer.id = ${followUp.offerLinkId}::uuid
    left join lateral (
      select l.id, l.status, l.responded_at from leads l
      where ${
        followUp.leadId
          ? sql`l.id = ${followUp.leadId}::uuid`
          : followUp.mailPieceId
            ? // By mail: an answer to any property of the piece.
              sql`l.offer_link_id in (select c.offer_link_id from mail_short_codes c where c.piece_id = ${followUp.mailPieceId}::uuid)`
            : sql`l.offer_link_id = ${followUp.offerLinkId}::uuid`
      }
      order by l.responded_at desc
      limit 1
    ) as lead on true`)) as unknown as {
    rows: {
      sender_role: string | null;
      sender_may_bulk_send: boolean | null;
      offer_source: string | null;
      lead_id: string | null;
      lead_status: string | null;
      lead_responded_at: string | Date | null;
      suppressed: FollowUpStopReason | null;
      do_not_mail: 'stopped' | 'returned' | null;
      offer_expires_at: string | Date | null;
    }[];
  };
  const found = rows[0]!;
  if (!isWorkspaceRole(found.sender_role)) return 'sender-cannot-send';
  // A bulk offer's sequence (by e-mail or mail) needs the right to bulk send, any other the right to work deals. A
  // demotion hands the sequences over at once (handOverLostWork); this catches one started meanwhile.
  const needs =
    found.offer_source === 'bulk-email' || found.offer_source === 'mail' ? 'bulk-send-and-export' : 'work-deals';
  if (!may({ role: found.sender_role, mayBulkSendAndExport: found.sender_may_bulk_send === true }, needs)) {
    return 'sender-cannot-send';
  }
  if (found.lead_id && !followUp.leadId) {
    // Found only after its sequence was locked: tried without waiting, which keeps the lock order.
    const [lead] = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.id, found.lead_id))
      .for('no key update', { skipLocked: true });
    if (!lead) return 'lead-busy';
    await tx.update(followUps).set({ leadId: found.lead_id }).where(eq(followUps.id, followUp.id));
    followUp.leadId = found.lead_id;
  }
  if (found.lead_responded_at && new Date(found.lead_responded_at) > followUp.startedAt) return 'answered';
  // A first offer's sequence stops past New; a nurture keeps going until Under Contract or Closed.
  const kind = followUpSequenceKind(followUp.sequence);
  const byStatus = isLeadStatus(found.lead_status) ? followUpStopOnStatus(kind, found.lead_status) : null;
  if (byStatus) return byStatus;
  if (found.suppressed) return found.suppressed;
  // The owner stopped offers at /o/{code}/stop, or a piece to the address came back.
  if (found.do_not_mail) return found.do_not_mail === 'returned' ? 'returned' : 'unsubscribed';
  // A nurture's every step re-states a fresh offer, so the last one expiring between steps ends nothing.
  const renewsLater =
    restatesFreshOffer(kind) ||
    followUp.sequence.steps
      .slice(followUp.nextStep)
      .some((step) => (step.kind === 'email' || isMailStep(step)) && step.renewsOffer);
  if (!found.offer_expires_at || (new Date(found.offer_expires_at) <= now && !renewsLater)) return 'offer-expired';
  return null;
}

type StepOutcome = { done: true } | { stop: FollowUpStopReason } | { retryAt: Date };

/** Takes one step: records it (once: the unique step row), and queues its e-mail or leaves its task. */
async function takeStep(
  tx: Transaction,
  {
    followUp,
    step,
    now,
    sendAt,
    policy,
    inboundDomain,
    restateOffer,
    mailer,
  }: {
    followUp: FollowUp;
    step: FollowUpStep;
    now: Date;
    /** Its turn in the paced queue. */
    sendAt: Date;
    policy: Omit<SendingPolicyConfig, 'now'>;
    inboundDomain: string | null;
    restateOffer: RestateFreshOffer | undefined;
    mailer: FollowUpMailer | undefined;
  },
): Promise<StepOutcome> {
  if (step.kind === 'offer') return { done: true };
  const fresh = restatesFreshOffer(followUpSequenceKind(followUp.sequence));
  const restate = (db: Transaction) =>
    restateFollowUpOffer(db, { followUp, now, appUrl: policy.appUrl, restateOffer, sent: step.kind === 'email' });
  const touch = {
    followUpId: followUp.id,
    step: followUp.nextStep,
    kind: step.kind,
    dueAt: followUp.nextDueAt ?? now,
  };
  if (isMailStep(step)) return takeMailStep(tx, { followUp, step, touch, now, mailer });
  // Nothing to e-mail to (a sequence by mail of an owner with no e-mail): the step passes, recorded.
  if (step.kind === 'email' && !followUp.recipientEmail) {
    await tx
      .insert(followUpTouches)
      .values({ ...touch, doneAt: now })
      .onConflictDoNothing();
    return { done: true };
  }
  if (step.kind !== 'email') {
    // A nurture's task states the fresh offer too: its script reads the sequence's offer.
    if (fresh) await restate(tx);
    await tx.insert(followUpTouches).values(touch).onConflictDoNothing();
    return { done: true };
  }
  const recipientEmail = followUp.recipientEmail!;

  try {
    await tx.transaction(async (savepoint) => {
      const [recorded] = await savepoint
        .insert(followUpTouches)
        .values({ ...touch, doneAt: now })
        .onConflictDoNothing()
        .returning({ id: followUpTouches.id });
      // Taken already (it cannot be, under the row lock; the unique row makes sure).
      if (!recorded) return;
      // In the savepoint: a step the sending policy refuses leaves no fresh offer behind.
      if (fresh) await restate(savepoint);
      const offer = await renewedOffer(savepoint, followUp.offerLinkId, step.renewsOffer || fresh ? now : null);
      const sender = await readWholesaler(savepoint, {
        workspaceId: followUp.workspaceId,
        userId: followUp.senderUserId,
      });
      const { id } = await sendToThirdParty(
        savepoint,
        { ...policy, now: () => now },
        {
          workspaceId: followUp.workspaceId,
          senderUserId: followUp.senderUserId,
          purpose: 'follow-up',
          to: recipientEmail,
          // The name (a CSV row's, a lead's, or typed when sharing) and address fill the step's
          // fields; the step's own words were checked when the sequence was saved, and again here.
          typedText: [
            { field: 'recipientName', label: "The homeowner's name", text: followUp.recipientName },
            { field: 'address', label: 'The property address', text: offer.address },
            { field: 'subject', label: 'Subject', text: step.subject },
            { field: 'body', label: 'Message', text: step.body },
          ],
          compose: (parts) =>
            renderFollowUpEmail(
              step,
              {
                recipientName: followUp.recipientName,
                address: offer.address,
                offerRange: { low: offer.offerLow, high: offer.offerHigh },
                offerUrl: followUp.offerUrl,
                offerExpiresAt: offer.expiresAt,
                wholesalerName: parts.sender.name,
                wholesalerPhone: sender?.phone ?? '',
              },
              parts,
            ),
          alsoReplyTo: inboundDomain ? `reply+${followUp.replyToken}@${inboundDomain}` : undefined,
          sendAt,
        },
      );
      await savepoint.update(followUpTouches).set({ emailOutboxId: id }).where(eq(followUpTouches.id, recorded.id));
    });
    return { done: true };
  } catch (error) {
    const refusal = sendingRefusalOf(error);
    if (!refusal) throw error;
    switch (refusal.reason) {
      case 'recipient-unsubscribed':
        return { stop: 'unsubscribed' };
      case 'daily-limit':
        // The quota counts per UTC day: the step goes out when the next one starts.
        return { retryAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)) };
      case 'recipient-cooldown':
        return { retryAt: new Date(now.getTime() + HOUR_MS) };
      case 'link-or-markup':
        // Nothing later would make it plain: the sequence stops, with the reason.
        return { stop: 'link-or-markup' };
      case 'sender-cannot-send':
        // Not verified, no postal address, a link in the profile: the sequence stops, with the reason.
        return { stop: 'sender-cannot-send' };
    }
  }
}

/**
 * A nurture step's fresh offer becomes the sequence's offer (its link in this and later steps);
 * with none computed the sequence keeps the offer it has (renewed by the step).
 */
async function restateFollowUpOffer(
  tx: Transaction,
  {
    followUp,
    now,
    appUrl,
    restateOffer,
    sent,
  }: { followUp: FollowUp; now: Date; appUrl: string; restateOffer: RestateFreshOffer | undefined; sent: boolean },
) {
  if (!restateOffer) throw new Error('a nurture sequence is due: runDueFollowUps needs restateOffer');
  if (!followUp.leadId) return;
  const link = await restateOffer(tx, {
    workspaceId: followUp.workspaceId,
    senderUserId: followUp.senderUserId,
    leadId: followUp.leadId,
    basisOfferLinkId: followUp.offerLinkId,
    at: now,
    appUrl,
    sent,
  });
  if (!link) return;
  await tx.update(followUps).set({ offerLinkId: link.id, offerUrl: link.url }).where(eq(followUps.id, followUp.id));
  followUp.offerLinkId = link.id;
  followUp.offerUrl = link.url;
}

/**
 * A letter or postcard step: its touch is recorded (one per step), the offers of its piece kept
 * open when the step renews them, and the piece mailed by `mailer` (Lob) or left to print. A
 * sequence with no piece (an e-mail sequence given a mailed step) has no address to mail: the step
 * passes, recorded.
 */
async function takeMailStep(
  tx: Transaction,
  {
    followUp,
    step,
    touch,
    now,
    mailer,
  }: {
    followUp: FollowUp;
    step: { kind: FollowUpMailKind; renewsOffer: boolean };
    touch: typeof followUpTouches.$inferInsert;
    now: Date;
    mailer: FollowUpMailer | undefined;
  },
): Promise<StepOutcome> {
  const pieceId = followUp.mailPieceId;
  const [recorded] = await tx
    .insert(followUpTouches)
    .values({ ...touch, doneAt: pieceId ? null : now })
    .onConflictDoNothing()
    .returning({ id: followUpTouches.id });
  if (!recorded || !pieceId) return { done: true };
  if (step.renewsOffer) {
    const until = offerExpiresAt(now);
    await tx
      .update(offerLinks)
      .set({ expiresAt: until })
      .where(
        and(
          inArray(
            offerLinks.id,
            tx
              .select({ id: mailShortCodes.offerLinkId })
              .from(mailShortCodes)
              .where(eq(mailShortCodes.pieceId, pieceId)),
          ),
          sql`${offerLinks.expiresAt} < ${until.toISOString()}::timestamptz`,
        ),
      );
  }
  const mailed = mailer ? await mailer(tx, { followUp, kind: step.kind, touchId: recorded.id, now }) : 'to-print';
  if (typeof mailed === 'object') {
    // Not mailed after all: the step is taken again when it is due again.
    await tx.delete(followUpTouches).where(eq(followUpTouches.id, recorded.id));
    return { retryAt: mailed.retryAt };
  }
  return { done: true };
}

/** The offer as the e-mail states it; a renewing step first keeps it open for another validity period from now. */
async function renewedOffer(tx: Transaction, offerLinkId: string, renewFrom: Date | null) {
  if (renewFrom) {
    await tx
      .update(offerLinks)
      .set({ expiresAt: offerExpiresAt(renewFrom) })
      .where(
        and(
          eq(offerLinks.id, offerLinkId),
          sql`${offerLinks.expiresAt} < ${offerExpiresAt(renewFrom).toISOString()}::timestamptz`,
        ),
      );
  }
  const [offer] = await tx.select().from(offerLinks).where(eq(offerLinks.id, offerLinkId));
  if (!offer) throw new Error(`offer link ${offerLinkId} is gone`);
  return offer;
}

/** Moves the sequence to its next step's due time (in the recipient's morning), or finishes it. */
async function advance(tx: Transaction, followUp: FollowUp, now: Date) {
  const nextStep = followUp.nextStep + 1;
  const next = followUp.sequence.steps[nextStep];
  if (!next) {
    await stopFollowUps(tx, { id: followUp.id, workspaceId: followUp.workspaceId }, 'finished', { at: now });
    return;
  }
  await tx
    .update(followUps)
    .set({ nextStep, nextDueAt: followUpDueAt(followUp.startedAt, next.day, followUp.timeZone) })
    .where(and(eq(followUps.id, followUp.id), gt(sql`${nextStep}::int`, followUps.nextStep)));
}
