import { eq, sql } from 'drizzle-orm';
import { wholesalerLeadEmail } from '../../domain/leads/wholesaler-lead-email';
import type { LeadResponseKind, LeadSource } from '../../domain/leads/lead-response';
import type { OfferRange } from '../../domain/offer/compute-offer-range';
import type { Transaction } from '../db/database';
import { leadEvents, leads, type LeadDetails } from '../db/schema';
import { enqueueEmail } from '../email/enqueue-email';
import type { Wholesaler } from '../profile/read-wholesaler';

export interface WholesalerLeadAnswer {
  owner: Wholesaler;
  source: LeadSource;
  /** The form it came from (leads.kind). */
  kind: (typeof leads.$inferInsert)['kind'];
  responseKind: LeadResponseKind;
  /** The counter-offer or desired price in dollars, when the answer has one. */
  counterAmount: number | null;
  address: string;
  marketValue: number | null;
  /** The offer the homeowner answered. */
  offerRange: OfferRange | null;
  contact: { name: string; email: string; phone: string } | null;
  /** The homeowner's own words ('' for none). */
  message: string;
  details: LeadDetails;
  /** The offer link answered; with it the lead is one per link and homeowner e-mail. */
  offerLinkId: string | null;
  /** A revised offer's answer joins the lead it revised. */
  revisesLeadId: string | null;
  at: Date;
}

/**
 * Records a homeowner's answer as a lead owned by the wholesaler, inside `tx`: one lead per
 * offer link and homeowner e-mail (a second answer updates it: accept after a counter), the
 * lead it revises for a revised offer, a new lead otherwise; then appends the history (the offer
 * made, for a new lead, and the answer) and, unless the wholesaler turned it off, queues the
 * notification e-mail in the same transaction, so a lead never exists without it.
 */
export async function recordWholesalerLead(
  tx: Transaction,
  appUrl: string,
  emailFrom: string,
  answer: WholesalerLeadAnswer,
): Promise<{ leadId: string; created: boolean }> {
  const contactKey = answer.contact ? answer.contact.email.trim().toLowerCase() : null;
  const answerColumns = {
    kind: answer.kind,
    responseKind: answer.responseKind,
    respondedAt: answer.at,
    updatedAt: answer.at,
    ...(answer.contact ? { name: answer.contact.name, email: answer.contact.email, phone: answer.contact.phone } : {}),
  };
  let leadId: string;
  let created: boolean;
  if (answer.revisesLeadId) {
    const [row] = await tx
      .update(leads)
      .set({
        ...answerColumns,
        counterAmount: sql`coalesce(${answer.counterAmount}::numeric, ${leads.counterAmount})`,
        ...(answer.offerRange ? { offerLow: answer.offerRange.low, offerHigh: answer.offerRange.high } : {}),
      })
      .where(eq(leads.id, answer.revisesLeadId))
      .returning({ id: leads.id });
    if (!row) throw new Error(`revised lead ${answer.revisesLeadId} is gone`);
    leadId = row.id;
    created = false;
  } else {
    const values = {
      ...answerColumns,
      ownerUserId: answer.owner.userId,
      offerLinkId: answer.offerLinkId,
      contactKey,
      source: answer.source,
      address: answer.address,
      marketValue: answer.marketValue,
      offerLow: answer.offerRange?.low ?? null,
      offerHigh: answer.offerRange?.high ?? null,
      desiredPrice: answer.counterAmount,
      counterAmount: answer.counterAmount,
      details: answer.details,
      createdAt: answer.at,
    };
    const insert = tx.insert(leads).values(values);
    const [row] = await (
      answer.offerLinkId
        ? insert.onConflictDoUpdate({
            target: [leads.offerLinkId, leads.contactKey],
            set: {
              ...answerColumns,
              counterAmount: sql`coalesce(excluded.counter_amount, ${leads.counterAmount})`,
              desiredPrice: sql`coalesce(excluded.desired_price, ${leads.desiredPrice})`,
              details: sql`${leads.details} || excluded.details`,
            },
          })
        : insert
    ).returning({ id: leads.id, created: sql<boolean>`(xmax = 0)` });
    if (!row) throw new Error('leads upsert returned no row');
    leadId = row.id;
    created = row.created;
  }

  if (created && answer.offerLinkId && answer.offerRange) {
    await tx.insert(leadEvents).values({
      leadId,
      kind: 'offer',
      offerLinkId: answer.offerLinkId,
      offerLow: answer.offerRange.low,
      offerHigh: answer.offerRange.high,
      // The offer was made before it was answered.
      createdAt: new Date(answer.at.getTime() - 1),
    });
  }
  await tx.insert(leadEvents).values({
    leadId,
    kind: 'response',
    responseKind: answer.responseKind,
    amount: answer.counterAmount,
    offerLinkId: answer.offerLinkId,
    offerLow: answer.offerRange?.low ?? null,
    offerHigh: answer.offerRange?.high ?? null,
    text: answer.message,
    createdAt: answer.at,
  });

  if (answer.owner.notifyTo) {
    const email = wholesalerLeadEmail({
      leadId,
      responseKind: answer.responseKind,
      counterAmount: answer.counterAmount,
      source: answer.source,
      address: answer.address,
      marketValue: answer.marketValue,
      offerRange: answer.offerRange,
      contact: answer.contact ?? { name: null, email: null, phone: null },
      message: answer.message,
      appUrl,
    });
    await enqueueEmail(tx, { ...email, to: answer.owner.notifyTo, from: emailFrom });
  }
  return { leadId, created };
}
