import { describeLeadResponse } from '../../domain/leads/lead-response';
import type { leads } from '../db/schema';

type LeadRow = typeof leads.$inferSelect;

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
