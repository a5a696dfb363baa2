import { describeLeadAnswer } from '#domain/leads/lead-answered-kind.ts';
import { phoneKey } from '#domain/leads/lead-call.ts';
import type { leadEvents, leads } from '../db/schema';

type LeadRow = typeof leads.$inferSelect;
type LeadEventRow = typeof leadEvents.$inferSelect;

/** A member as a lead names them: who it is assigned to, who wrote a history entry. */
export interface MemberName {
  userId: string;
  name: string;
}

/** The member behind a user id, by the name their account shows; null when there is none (or they are gone). */
function memberName(userId: string | null, name: string | null | undefined): MemberName | null {
  return userId === null ? null : { userId, name: name ?? '' };
}

/**
 * A lead as the inbox shows it (figures in dollars, times ISO 8601), with its assignee (null:
 * nobody) named by `assigneeName` (their account's name).
 */
export function leadView(lead: LeadRow, assigneeName: string | null) {
  return {
    id: lead.id,
    assignee: memberName(lead.assigneeUserId, assigneeName),
    status: lead.status,
    source: lead.source,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    /** The lead's numbers, each marked when a call found it wrong (struck through, not offered for calls). */
    phones: lead.phone ? [{ number: lead.phone, wrongNumber: lead.wrongPhones.includes(phoneKey(lead.phone)) }] : [],
    address: lead.address,
    marketValue: lead.marketValue,
    offerRange: lead.offerLow === null || lead.offerHigh === null ? null : { low: lead.offerLow, high: lead.offerHigh },
    responseKind: lead.responseKind,
    desiredPrice: lead.desiredPrice,
    /** 'accepted', 'countered at $150,000', 'MLS/Retail program interest', 'asked for a new offer'. */
    response: lead.responseKind ? describeLeadAnswer(lead.responseKind, lead.desiredPrice) : null,
    /** The range the homeowner accepted (their latest accept) and when; null: they never accepted one. */
    acceptedOffer:
      lead.acceptedOfferLow === null || lead.acceptedOfferHigh === null || lead.acceptedAt === null
        ? null
        : { low: lead.acceptedOfferLow, high: lead.acceptedOfferHigh, at: lead.acceptedAt.toISOString() },
    /** The saved property that is this lead's deal (its figures open in the calculator); null: none. */
    savedPropertyId: lead.savedPropertyId,
    respondedAt: lead.respondedAt.toISOString(),
    createdAt: lead.createdAt.toISOString(),
  };
}

export type LeadView = ReturnType<typeof leadView>;

/**
 * One entry of a lead's history: offer → answer → revised offer → answer…, status changes, notes,
 * assignments and exports, with the member who did it (actor; null: the homeowner or the system).
 */
export function leadEventView(event: LeadEventRow, actorName: string | null) {
  return {
    id: event.id,
    kind: event.kind,
    actor: memberName(event.actorUserId, actorName),
    responseKind: event.responseKind,
    desiredPrice: event.desiredPrice,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    offerRange:
      event.offerLow === null || event.offerHigh === null ? null : { low: event.offerLow, high: event.offerHigh },
    text: event.text,
    /** An export's destination ('ghl', 'sheets'); null for every other kind. */
    exportedTo: event.exportedTo,
    createdAt: event.createdAt.toISOString(),
  };
}
