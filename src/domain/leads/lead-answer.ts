import type { OfferRange } from '../offer/compute-offer-range';
import type { LeadAnsweredKind, LeadSource } from './lead-answered-kind';
import type { LeadRequest } from './lead-request-schema';
import type { PropertyCondition, SaleTimeframe } from './mls-program-schema';
import type { NegotiatorType } from './negotiation-outcome';
import { answerContact, type OfferAnswerRequest } from './offer-answer-request';

/**
 * What a homeowner answers to an offer, on the calculator or on an offer link: accept it, counter
 * at a price, ask about the MLS/Retail program (program details), or ask for a fresh offer (an
 * expired link). The one vocabulary of both request schemas.
 */
export const LEAD_ANSWER_KINDS = ['accept', 'counter', 'program', 'new-offer'] as const;
export type LeadAnswerKind = (typeof LEAD_ANSWER_KINDS)[number];

/** How a lead and its history record an answer (leads.response_kind, lead_events.response_kind). */
export const answeredAs: Record<LeadAnswerKind, LeadAnsweredKind> = {
  accept: 'accepted',
  counter: 'countered',
  program: 'program-interest',
  'new-offer': 'new-offer-requested',
};

/** The form's fields that have no column of their own (leads.details). */
export type LeadAnswerDetails = {
  /** The calculator's repair total, in dollars, on an accept. */
  totalRepairCost?: number;
  /** Who countered on the calculator (the hero's visitor type). */
  userType?: NegotiatorType;
  condition?: PropertyCondition;
  timeframe?: SaleTimeframe;
  notes?: string;
  /** An offer link answer's own words. */
  message?: string;
};

/** One homeowner answer, whichever page it came from, as a lead records and announces it. */
export interface LeadAnswer {
  kind: LeadAnswerKind;
  /** The price the homeowner named (a counter-offer, or one accepted earlier), in dollars; null for none. */
  desiredPrice: number | null;
  source: LeadSource;
  address: string;
  marketValue: number | null;
  /** The offer the homeowner answered. */
  offerRange: OfferRange | null;
  contact: { name: string; email: string; phone: string } | null;
  /** The homeowner's own words ('' for none). */
  message: string;
  details: LeadAnswerDetails;
}

/** An answer made on the operator's calculator (POST /api/leads). */
export function calculatorLeadAnswer(lead: LeadRequest): LeadAnswer {
  const base = { kind: lead.kind, source: 'public-calculator', address: lead.address } as const;
  switch (lead.kind) {
    case 'accept':
      return {
        ...base,
        desiredPrice: lead.desiredPrice ?? null,
        marketValue: lead.marketValue,
        offerRange: lead.offerRange,
        contact: lead.contact ?? null,
        message: '',
        details: { totalRepairCost: lead.totalRepairCost },
      };
    case 'counter':
      return {
        ...base,
        desiredPrice: lead.desiredPrice,
        marketValue: lead.marketValue,
        offerRange: lead.offerRange,
        contact: null,
        message: '',
        details: { userType: lead.userType },
      };
    case 'program':
      return {
        ...base,
        desiredPrice: lead.desiredPrice ?? null,
        marketValue: lead.marketValue ?? null,
        offerRange: lead.offerRange ?? null,
        contact: { name: lead.fullName, email: lead.email, phone: lead.phone },
        message: lead.notes,
        details: { condition: lead.condition, timeframe: lead.timeframe, notes: lead.notes },
      };
  }
}

/** An answer to an offer link (POST /api/public/offers/{token}/responses): the offer's figures, the homeowner's words. */
export function offerLinkAnswer(
  answer: OfferAnswerRequest,
  offer: { address: string; marketValue: number; offerRange: OfferRange },
  source: LeadSource,
): LeadAnswer {
  const base = { kind: answer.kind, source, ...offer, contact: answerContact(answer) };
  if (answer.kind === 'program') {
    return {
      ...base,
      desiredPrice: answer.desiredPrice ?? null,
      message: answer.notes,
      details: { condition: answer.condition, timeframe: answer.timeframe, notes: answer.notes },
    };
  }
  return {
    ...base,
    desiredPrice: answer.kind === 'counter' ? answer.desiredPrice : null,
    message: answer.message,
    details: { message: answer.message },
  };
}
