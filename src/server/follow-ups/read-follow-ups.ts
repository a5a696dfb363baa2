import { and, asc, desc, eq, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { fillFollowUpFields, followUpFieldValues } from '#domain/follow-ups/render-step.ts';
import { followUpSequenceKind } from '#domain/follow-ups/sequence-kinds.ts';
import {
  FOLLOW_UP_MAIL_KINDS,
  followUpStepLabel,
  type FollowUpSequence,
  type FollowUpSequenceKind,
  type FollowUpStep,
  type FollowUpStopReason,
} from '#domain/follow-ups/sequence.ts';
import { phoneKey } from '#domain/leads/lead-call.ts';
import { wholesalerDisplayName } from '#domain/profile/wholesaler-profile-schema.ts';
import type { Database } from '../db/database';
import { followUps, followUpTouches, leads, offerLinks, wholesalerProfiles, user } from '../db/schema';
import { followUpsVisibleTo, inWorkspace, sameWorkspace, type LeadReader } from '../db/workspace-scope';
import { readWorkspaceSequence } from './workspace-sequence';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What /follow-ups shows a member: the tasks due for them (open, of sequences still running, oldest
 * first: a task of a sequence that stopped drops out at once), the e-mails due within a day, and per
 * step of the workspace's sequence how it went (sent, answered after it, unsubscribed, bounced).
 */
export async function listFollowUps(db: Database, member: LeadReader, now: Date) {
  const visible = followUpsVisibleTo(member);
  const taskRows = await db
    .select({
      id: followUpTouches.id,
      kind: followUpTouches.kind,
      step: followUpTouches.step,
      dueAt: followUpTouches.dueAt,
      followUp: followUps,
      offer: {
        address: offerLinks.address,
        low: offerLinks.offerLow,
        high: offerLinks.offerHigh,
        expiresAt: offerLinks.expiresAt,
      },
      leadPhone: leads.phone,
      leadWrongPhones: leads.wrongPhones,
      wholesaler: {
        name: user.name,
        displayName: wholesalerProfiles.displayName,
        company: wholesalerProfiles.company,
        phone: wholesalerProfiles.phone,
      },
    })
    .from(followUpTouches)
    .innerJoin(followUps, eq(followUps.id, followUpTouches.followUpId))
    .innerJoin(offerLinks, eq(offerLinks.id, followUps.offerLinkId))
    .innerJoin(user, eq(user.id, followUps.senderUserId))
    .leftJoin(
      wholesalerProfiles,
      and(sameWorkspace(wholesalerProfiles, followUps), eq(wholesalerProfiles.userId, followUps.senderUserId)),
    )
    .leftJoin(leads, eq(leads.id, followUps.leadId))
    .where(
      and(
        visible,
        eq(followUps.status, 'active'),
        isNull(followUpTouches.doneAt),
        notInArray(followUpTouches.kind, [...FOLLOW_UP_MAIL_KINDS]),
      ),
    )
    .orderBy(asc(followUpTouches.dueAt), asc(followUpTouches.id))
    .limit(200);

  const tasks = taskRows.map((row) => {
    const step = row.followUp.sequence.steps[row.step] as FollowUpStep;
    const known = row.leadPhone || row.followUp.recipientPhone;
    // A number a logged call found wrong is not offered again.
    const phone = row.leadWrongPhones?.includes(phoneKey(known)) ? '' : known;
    const values = followUpFieldValues({
      recipientName: row.followUp.recipientName,
      address: row.offer.address,
      offerRange: { low: row.offer.low, high: row.offer.high },
      offerUrl: row.followUp.offerUrl,
      offerExpiresAt: row.offer.expiresAt,
      wholesalerName: wholesalerDisplayName(
        row.wholesaler.displayName === null ? null : { displayName: row.wholesaler.displayName },
        row.wholesaler.name,
      ),
      wholesalerPhone: row.wholesaler.phone ?? '',
    });
    const script = 'body' in step ? fillFollowUpFields(step.body, values) : '';
    return {
      id: row.id,
      kind: row.kind,
      label: followUpStepLabel(step),
      dueAt: row.dueAt.toISOString(),
      followUpId: row.followUp.id,
      leadId: row.followUp.leadId,
      recipientName: row.followUp.recipientName,
      recipientEmail: row.followUp.recipientEmail,
      phone,
      address: row.offer.address,
      script,
      // A text task opens the phone's own messages app with the script; nothing is sent for the member.
      smsUrl:
        row.kind === 'text' && phone ? `sms:${phone.replace(/[^\d+]/g, '')}?body=${encodeURIComponent(script)}` : null,
    };
  });

  const emailRows = await db
    .select({ followUp: followUps, address: offerLinks.address })
    .from(followUps)
    .innerJoin(offerLinks, eq(offerLinks.id, followUps.offerLinkId))
    .leftJoin(leads, eq(leads.id, followUps.leadId))
    .where(and(visible, eq(followUps.status, 'active'), lte(followUps.nextDueAt, new Date(now.getTime() + DAY_MS))))
    .orderBy(asc(followUps.nextDueAt), asc(followUps.id))
    .limit(200);
  const dueEmails = emailRows.flatMap(({ followUp, address }) => {
    const step = followUp.sequence.steps[followUp.nextStep];
    if (step?.kind !== 'email' || !followUp.nextDueAt) return [];
    return [
      {
        followUpId: followUp.id,
        leadId: followUp.leadId,
        recipientName: followUp.recipientName,
        recipientEmail: followUp.recipientEmail,
        address,
        dueAt: followUp.nextDueAt.toISOString(),
        step: followUp.nextStep,
        day: step.day,
      },
    ];
  });

  const { sequence, custom } = await readWorkspaceSequence(db, member.workspaceId);
  return {
    tasks,
    dueEmails,
    dueMail: await dueMailPieces(db, member),
    steps: await stepResults(db, member.workspaceId, sequence),
    sequence,
    custom,
  };
}

/**
 * The letters and postcards of sequences by mail due and not printed yet (issue 41): what the next
 * "Print these today" run prints (create-follow-up-print-run.ts reads the same steps). A sequence's
 * last step finishes it when taken; its piece is still to print.
 */
async function dueMailPieces(db: Database, member: LeadReader) {
  const rows = await db
    .select({
      id: followUpTouches.id,
      kind: followUpTouches.kind,
      dueAt: followUpTouches.dueAt,
      followUpId: followUps.id,
      leadId: followUps.leadId,
      recipientName: followUps.recipientName,
      mailingAddress: followUps.mailingAddress,
      address: offerLinks.address,
    })
    .from(followUpTouches)
    .innerJoin(followUps, eq(followUps.id, followUpTouches.followUpId))
    .innerJoin(offerLinks, eq(offerLinks.id, followUps.offerLinkId))
    .leftJoin(leads, eq(leads.id, followUps.leadId))
    .where(
      and(
        followUpsVisibleTo(member),
        inArray(followUpTouches.kind, [...FOLLOW_UP_MAIL_KINDS]),
        isNull(followUpTouches.doneAt),
        isNull(followUpTouches.mailPieceId),
        or(eq(followUps.status, 'active'), eq(followUps.stopReason, 'finished')),
      ),
    )
    .orderBy(asc(followUpTouches.dueAt), asc(followUpTouches.id))
    .limit(200);
  return rows.map(({ mailingAddress, dueAt, kind, ...row }) => ({
    ...row,
    kind,
    label: followUpStepLabel({ kind }),
    dueAt: dueAt.toISOString(),
    mailingAddress: mailingAddress
      ? `${mailingAddress.street}, ${mailingAddress.city}, ${mailingAddress.state} ${mailingAddress.zip}`
      : '',
  }));
}

/**
 * Per step of the workspace's first-offer sequences (a nurture's steps are other days): how many
 * took it, and of those how many sequences ended right after it because the homeowner answered (or
 * replied), unsubscribed (or complained), or bounced.
 */
async function stepResults(db: Database, workspaceId: string, sequence: FollowUpSequence) {
  // A sequence stored before kinds has none: a first offer's.
  const firstOffer = sql`coalesce(${followUps.sequence}->>'kind', 'first-offer') = 'first-offer'`;
  const result = (await db.execute(sql`
    with last_touch as (
      select t.follow_up_id, max(t.step) as step
      from follow_up_touches t join follow_ups on follow_ups.id = t.follow_up_id
      where ${inWorkspace(followUps, workspaceId)} and ${firstOffer}
      group by t.follow_up_id
    )
    select t.step,
           count(*)::int as sent,
           count(*) filter (where follow_ups.stop_reason in ('answered', 'replied') and lt.step = t.step)::int as answered,
           count(*) filter (where follow_ups.stop_reason in ('unsubscribed', 'complained') and lt.step = t.step)::int as unsubscribed,
           count(*) filter (where follow_ups.stop_reason = 'bounced' and lt.step = t.step)::int as bounced
    from follow_up_touches t
    join follow_ups on follow_ups.id = t.follow_up_id
    join last_touch lt on lt.follow_up_id = t.follow_up_id
    where ${inWorkspace(followUps, workspaceId)} and ${firstOffer}
    group by t.step
    order by t.step`)) as unknown as {
    rows: { step: number; sent: number; answered: number; unsubscribed: number; bounced: number }[];
  };
  const byStep = new Map(result.rows.map((row) => [row.step, row]));
  return sequence.steps.map((step, index) => ({
    step: index,
    day: step.day,
    label: followUpStepLabel(step),
    sent: byStep.get(index)?.sent ?? 0,
    answered: byStep.get(index)?.answered ?? 0,
    unsubscribed: byStep.get(index)?.unsubscribed ?? 0,
    bounced: byStep.get(index)?.bounced ?? 0,
  }));
}

export interface LeadFollowUp {
  id: string;
  /** Which sequence: its kind (first offer, nurture, quarterly) and name. */
  kind: FollowUpSequenceKind;
  name: string;
  status: 'active' | 'stopped' | 'finished';
  stopReason: FollowUpStopReason | null;
  stoppedAt: string | null;
  /** The next touch of a running sequence: what, which day, when. */
  next: { step: number; label: string; day: number; dueAt: string } | null;
  stepsTotal: number;
}

/** The lead's latest sequence (running or how it ended); null when it never had one. */
export async function readLeadFollowUp(db: Pick<Database, 'select'>, leadId: string): Promise<LeadFollowUp | null> {
  const [row] = await db
    .select()
    .from(followUps)
    .where(eq(followUps.leadId, leadId))
    .orderBy(desc(followUps.createdAt), desc(followUps.id))
    .limit(1);
  if (!row) return null;
  const step = row.sequence.steps[row.nextStep];
  return {
    id: row.id,
    kind: followUpSequenceKind(row.sequence),
    name: row.sequence.name,
    status: row.status,
    stopReason: row.stopReason,
    stoppedAt: row.stoppedAt?.toISOString() ?? null,
    next:
      row.status === 'active' && step && row.nextDueAt
        ? { step: row.nextStep, label: followUpStepLabel(step), day: step.day, dueAt: row.nextDueAt.toISOString() }
        : null,
    stepsTotal: row.sequence.steps.length,
  };
}
