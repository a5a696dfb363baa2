import { formatMoney } from '../money/format-money';

/** What a homeowner answered to an offer. */
export const LEAD_ANSWERED_KINDS = ['accepted', 'countered', 'program-interest', 'new-offer-requested'] as const;
export type LeadAnsweredKind = (typeof LEAD_ANSWERED_KINDS)[number];

/** Where a lead came from: an offer e-mailed in bulk or mailed (issue 41), a shared offer link, a wholesaler's personal page, or the operator's calculator at `/`. */
export const LEAD_SOURCES = ['bulk-email', 'mail', 'shared-link', 'personal-page', 'public-calculator'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const leadSourceLabels: Record<LeadSource, string> = {
  'bulk-email': 'Bulk e-mail',
  mail: 'Mail',
  'shared-link': 'Shared link',
  'personal-page': 'Personal page',
  'public-calculator': 'Public calculator',
};

/** What the homeowner answered, as one phrase for the inbox and e-mails ('countered at $150,000'); desiredPrice in dollars. */
export function describeLeadAnswer(kind: LeadAnsweredKind, desiredPrice: number | null): string {
  switch (kind) {
    case 'accepted':
      return 'accepted';
    case 'countered':
      return desiredPrice === null ? 'countered' : `countered at ${formatMoney(desiredPrice)}`;
    case 'program-interest':
      return 'MLS/Retail program interest';
    case 'new-offer-requested':
      return 'asked for a new offer';
  }
}
