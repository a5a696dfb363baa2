import { describeLeadResponse } from '../../domain/leads/lead-response';
import type { leadEvents, leads } from '../db/schema';

type LeadRow = typeof leads.$inferSelect;
type LeadEventRow = typeof leadEvents.$inferSelect;

/** A lead as the inbox shows it (figures in dollars, times ISO 8601). */
export function leadView(lead: LeadRow) {
  return {
    id: lead.id,
    status: lead.status,
    source: lead.source,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    address: lead.address,
    marketValue: lead.marketValue,
    offerRange: lead.offerLow === null || lead.offerHigh === null ? null : { low: lead.offerLow, high: lead.offerHigh },
    responseKind: lead.responseKind,
    counterAmount: lead.counterAmount,
    /** 'accepted', 'countered at $150,000', 'MLS/Retail program interest', 'asked for a new offer'. */
    response: lead.responseKind ? describeLeadResponse(lead.responseKind, lead.counterAmount) : null,
    respondedAt: lead.respondedAt.toISOString(),
    createdAt: lead.createdAt.toISOString(),
  };
}

export type LeadView = ReturnType<typeof leadView>;

/** One entry of a lead's history: offer → answer → revised offer → answer…, status changes and notes. */
export function leadEventView(event: LeadEventRow) {
  return {
    id: event.id,
    kind: event.kind,
    responseKind: event.responseKind,
    amount: event.amount,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    offerRange:
      event.offerLow === null || event.offerHigh === null ? null : { low: event.offerLow, high: event.offerHigh },
    text: event.text,
    createdAt: event.createdAt.toISOString(),
  };
}
