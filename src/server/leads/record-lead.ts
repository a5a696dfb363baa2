import { randomUUID } from 'node:crypto';
import { leadNotificationEmail } from '../../domain/leads/lead-notification-email';
import type { LeadRequest } from '../../domain/leads/lead-request-schema';
import type { AppContext } from '../app-context';
import { leads } from '../db/schema';
import { enqueueEmail } from '../email/enqueue-email';

type NewLead = typeof leads.$inferInsert;

/** The row for a lead: the figures and contact in their columns, the rest of the form in details. */
function leadRow(lead: LeadRequest, id: string, createdAt: Date): NewLead {
  const base = { id, kind: lead.kind, address: lead.address, createdAt };
  switch (lead.kind) {
    case 'accept':
      return {
        ...base,
        marketValue: lead.marketValue,
        offerLow: lead.offerRange.low,
        offerHigh: lead.offerRange.high,
        desiredPrice: lead.desiredPrice ?? null,
        name: lead.contact?.name ?? null,
        email: lead.contact?.email ?? null,
        phone: lead.contact?.phone ?? null,
        details: { totalRepairCost: lead.totalRepairCost },
      };
    case 'negotiate':
      return {
        ...base,
        marketValue: lead.marketValue,
        offerLow: lead.offerRange.low,
        offerHigh: lead.offerRange.high,
        desiredPrice: lead.desiredPrice,
        details: { userType: lead.userType },
      };
    case 'program':
      return {
        ...base,
        marketValue: lead.marketValue ?? null,
        offerLow: lead.offerRange?.low ?? null,
        offerHigh: lead.offerRange?.high ?? null,
        desiredPrice: lead.desiredPrice ?? null,
        name: lead.fullName,
        email: lead.email,
        phone: lead.phone,
        details: { condition: lead.condition, timeframe: lead.timeframe, notes: lead.notes },
      };
  }
}

export interface RecordedLead {
  id: string;
  /** The outbox message that notifies LEADS_EMAIL; null when LEADS_EMAIL is not set. */
  notificationEmailId: string | null;
}

/**
 * Stores a lead and, when LEADS_EMAIL is set, its notification e-mail in the outbox, in one
 * transaction: a lead is never without its notification, and a notification never announces
 * a lead that was not stored. Delivery (and retrying a failing provider) is the e-mail
 * worker's, so the provider being down never loses or delays the lead.
 */
export async function recordLead({ env, database }: AppContext, lead: LeadRequest): Promise<RecordedLead> {
  const id = randomUUID();
  const receivedAt = new Date();
  const recorded = await database.db.transaction(async (tx) => {
    let notificationEmailId: string | null = null;
    if (env.LEADS_EMAIL) {
      const email = leadNotificationEmail(lead, { id, receivedAt });
      ({ id: notificationEmailId } = await enqueueEmail(tx, { ...email, to: env.LEADS_EMAIL, from: env.EMAIL_FROM }));
    }
    const row = leadRow(lead, id, receivedAt);
    await tx.insert(leads).values({ ...row, details: { ...row.details, notificationEmailId } });
    return { id, notificationEmailId };
  });
  if (!env.LEADS_EMAIL) {
    // No personal data in the log: the lead is in the database.
    console.info(`lead ${id} (${lead.kind}) stored; LEADS_EMAIL is not set, so no notification e-mail was queued`);
  }
  return recorded;
}
