import { and, eq, isNull, sql } from 'drizzle-orm';
import { homeownerEmailKey } from '#domain/email/homeowner-email-key.ts';
import { answeredAs, type LeadAnswer } from '#domain/leads/lead-answer.ts';
import { leadNotificationEmail } from '#domain/leads/lead-notification-email.ts';
import type { Transaction } from '../db/database';
import { leadEvents, leads } from '../db/schema';
import { sendNotification } from '../email/send-notification';
import type { Env } from '../env';
import { stopFollowUpsOnAnswer } from '../follow-ups/stop-on-answer';
import { logger } from '../observability/logger';
import { readWholesaler } from '../profile/read-wholesaler';
import { assignNewLead } from './assign-new-lead';

export interface LeadToRecord {
  /**
   * The workspace the lead belongs to, and the member whose personal page or offer link was
   * answered (null: the workspace's assignment rule decides); the lead's assignee is told at their
   * proven address in that workspace (readWholesaler's notifyTo). Null: the site's operator, told
   * at LEADS_EMAIL.
   */
  workspace: { id: string; answeredMemberUserId: string | null } | null;
  answer: LeadAnswer;
  /** The offer link answered; with it the lead is one per link and homeowner e-mail. */
  offerLinkId: string | null;
  /** A revised offer's answer joins the lead it revised. */
  revisesLeadId: string | null;
  at: Date;
}

// Advisory lock class of an operator's lead per homeowner and address ('oplead').
const OPERATOR_LEAD_LOCK_CLASS = 0x6f706c64;

/**
 * The operator's calculator lead this homeowner already has for this address, found under a lock
 * on both, so two answers at once still make one lead (as an offer link's lead is one per link and
 * homeowner, by its unique index). Null: none yet, and the lock is held until the caller's insert
 * commits.
 */
async function operatorLeadOf(tx: Transaction, contactKey: string, address: string): Promise<string | null> {
  const addressKey = address.toLowerCase();
  await tx.execute(
    sql`select pg_advisory_xact_lock(${OPERATOR_LEAD_LOCK_CLASS}, hashtext(${`${contactKey} ${addressKey}`}))`,
  );
  const [row] = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        isNull(leads.workspaceId),
        isNull(leads.offerLinkId),
        eq(leads.contactKey, contactKey),
        eq(sql`lower(${leads.address})`, addressKey),
      ),
    )
    .orderBy(leads.createdAt, leads.id)
    .limit(1);
  return row?.id ?? null;
}

export interface RecordedLead {
  leadId: string;
  /**
   * False when the answer updated a lead (a second answer to the same link, an answer to a revised
   * offer, a homeowner's second answer about the same address on the operator's calculator).
   */
  created: boolean;
  /** The outbox message announcing it; null when no one is to be told. */
  notificationEmailId: string | null;
}

/**
 * Records a homeowner's answer as a lead, inside `tx`: one lead per offer link and homeowner
 * e-mail (a second answer updates it: accept after a counter), the lead it revises for a revised
 * offer, a new lead otherwise; appends its history (the offer made, for a new lead of an offer
 * link, and the answer) and queues the notification e-mail in the same transaction, so a lead
 * never exists without it and a notification never announces a lead that was not stored. Delivery
 * (and retrying a failing provider) is the e-mail worker's, so a provider being down never loses a lead.
 */
export async function recordLead(
  tx: Transaction,
  env: Pick<Env, 'APP_URL' | 'EMAIL_FROM' | 'LEADS_EMAIL'>,
  { workspace, answer, offerLinkId, revisesLeadId, at }: LeadToRecord,
): Promise<RecordedLead> {
  const responseKind = answeredAs[answer.kind];
  const answerColumns = {
    responseKind,
    respondedAt: at,
    updatedAt: at,
    ...(answer.contact ? { name: answer.contact.name, email: answer.contact.email, phone: answer.contact.phone } : {}),
    // An accept records the range accepted, kept on the lead whatever offer is revised later (issue 42 §4).
    ...(answer.kind === 'accept' && answer.offerRange
      ? { acceptedOfferLow: answer.offerRange.low, acceptedOfferHigh: answer.offerRange.high, acceptedAt: at }
      : {}),
  };
  const contactKey = answer.contact ? homeownerEmailKey(answer.contact.email) : null;
  // The operator's calculator: one lead per homeowner and address, not one per answer.
  const operatorLeadId =
    !workspace && !offerLinkId && contactKey ? await operatorLeadOf(tx, contactKey, answer.address) : null;
  // An answer without a price keeps the one named before (an accept after a counter-offer).
  const keptPrice = sql`coalesce(${answer.desiredPrice}::numeric, ${leads.desiredPrice})`;
  let leadId: string;
  let created: boolean;
  // The lead's assignee as the write returns it; a new workspace lead's is chosen below.
  let assigneeUserId: string | null;
  const joinsLeadId = revisesLeadId ?? operatorLeadId;
  if (joinsLeadId) {
    const [row] = await tx
      .update(leads)
      .set({
        ...answerColumns,
        desiredPrice: keptPrice,
        ...(answer.offerRange ? { offerLow: answer.offerRange.low, offerHigh: answer.offerRange.high } : {}),
        ...(operatorLeadId
          ? {
              marketValue: sql`coalesce(${answer.marketValue}::numeric, ${leads.marketValue})`,
              details: sql`${leads.details} || ${JSON.stringify(answer.details)}::jsonb`,
            }
          : {}),
      })
      .where(eq(leads.id, joinsLeadId))
      .returning({ id: leads.id, assigneeUserId: leads.assigneeUserId });
    if (!row) throw new Error(`lead ${joinsLeadId} is gone`);
    leadId = row.id;
    created = false;
    assigneeUserId = row.assigneeUserId;
  } else {
    const insert = tx.insert(leads).values({
      ...answerColumns,
      workspaceId: workspace?.id ?? null,
      offerLinkId,
      contactKey,
      source: answer.source,
      address: answer.address,
      marketValue: answer.marketValue,
      offerLow: answer.offerRange?.low ?? null,
      offerHigh: answer.offerRange?.high ?? null,
      desiredPrice: answer.desiredPrice,
      details: answer.details,
      createdAt: at,
    });
    const [row] = await (
      offerLinkId
        ? insert.onConflictDoUpdate({
            target: [leads.offerLinkId, leads.contactKey],
            set: { ...answerColumns, desiredPrice: keptPrice, details: sql`${leads.details} || excluded.details` },
          })
        : insert
    ).returning({ id: leads.id, created: sql<boolean>`(xmax = 0)`, assigneeUserId: leads.assigneeUserId });
    if (!row) throw new Error('leads upsert returned no row');
    leadId = row.id;
    created = row.created;
    assigneeUserId = row.assigneeUserId;
  }

  if (created && offerLinkId && answer.offerRange) {
    await tx.insert(leadEvents).values({
      leadId,
      kind: 'offer',
      offerLinkId,
      offerLow: answer.offerRange.low,
      offerHigh: answer.offerRange.high,
      // The offer was made before it was answered.
      createdAt: new Date(at.getTime() - 1),
    });
  }
  await tx.insert(leadEvents).values({
    leadId,
    kind: 'response',
    responseKind,
    desiredPrice: answer.desiredPrice,
    offerLinkId,
    offerLow: answer.offerRange?.low ?? null,
    offerHigh: answer.offerRange?.high ?? null,
    text: answer.message,
    createdAt: at,
  });

  if (workspace && created) {
    const assignee = await assignNewLead(tx, {
      workspaceId: workspace.id,
      leadId,
      answeredMemberUserId: workspace.answeredMemberUserId,
      // After the answer in the lead's history.
      at: new Date(at.getTime() + 1),
    });
    assigneeUserId = assignee?.userId ?? null;
  }
  // A workspace's lead goes to its assignee's proven address only; the operator's calculator leads to LEADS_EMAIL.
  const assignee =
    workspace && assigneeUserId
      ? await readWholesaler(tx, { workspaceId: workspace.id, userId: assigneeUserId })
      : null;
  const notifyTo = workspace ? (assignee?.notifyTo ?? null) : (env.LEADS_EMAIL ?? null);
  let notificationEmailId: string | null = null;
  if (notifyTo) {
    const { contact } = answer;
    ({ id: notificationEmailId } = await sendNotification(tx, {
      purpose: 'lead-notification',
      to: notifyTo,
      from: env.EMAIL_FROM,
      // What the homeowner (or, on a personal page or the calculator, any visitor) typed.
      typedText: { address: answer.address, name: contact?.name ?? '', message: answer.message },
      compose: (shown) =>
        leadNotificationEmail(
          {
            ...answer,
            address: shown.address,
            message: shown.message,
            contact: contact ? { ...contact, name: shown.name } : null,
          },
          { id: leadId, receivedAt: at },
          workspace ? { to: 'wholesaler', appUrl: env.APP_URL } : { to: 'operator' },
        ),
    }));
  } else if (!workspace) {
    // No personal data in the log: the lead is in the database.
    logger.info(`lead ${leadId} (${answer.kind}) stored; LEADS_EMAIL is not set, so no notification e-mail was queued`);
  }
  await tx
    .update(leads)
    .set({ details: sql`${leads.details} || ${JSON.stringify({ notificationEmailId })}::jsonb` })
    .where(eq(leads.id, leadId));
  // An answer ends every follow-up about this offer or lead, in this transaction (after the
  // answer and its assignment in the lead's history).
  await stopFollowUpsOnAnswer(tx, { leadId, offerLinkId, at: new Date(at.getTime() + 2) });
  return { leadId, created, notificationEmailId };
}
