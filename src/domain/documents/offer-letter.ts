import { formatMoney, formatMoneyRange } from '../money/format-money';
import type { OfferRange } from '../offer/compute-offer-range';
import type { OfferRepair } from '../offer/offer-snapshot';
import { formatOfferDate, offerValidityText } from '../offer/offer-validity';
import type { WholesalerBranding } from '../profile/wholesaler-profile-schema';
import type { DocumentContent } from './document-blocks';

export interface OfferLetterInput {
  address: string;
  /** Null: not told (the wholesaler shows homeowners less than the whole math). */
  marketValue: number | null;
  /** Null: not told (the wholesaler shows homeowners the range only). */
  repairs: OfferRepair[] | null;
  offerRange: OfferRange;
  validUntil: Date;
  /** When the letter is made (its date). */
  date: Date;
  wholesaler: WholesalerBranding & { email?: string };
  /** Whom it is for, when known ('Dear …'). */
  recipientName?: string | null;
}

export const DOCUMENT_FOOTER = 'Offers are estimates for discussion, not binding purchase agreements.';

/**
 * The one-page offer letter a homeowner keeps (issue 13): the address, the range, what the offer
 * assumes, until when it stands and whom to call. Never the buyer's fee or profit.
 */
export function offerLetter(input: OfferLetterInput): DocumentContent {
  const { wholesaler } = input;
  const repairs =
    input.repairs === null
      ? null
      : input.repairs.length === 0
        ? 'No repairs were counted: the offer is for the house as described.'
        : `The buyer takes on these repairs, so you do not make them: ${input.repairs
            .map((repair) => `${repair.name} (${formatMoney(repair.cost)})`)
            .join(', ')}.`;
  const contact = [
    wholesaler.displayName,
    wholesaler.company,
    wholesaler.phone && `Phone: ${wholesaler.phone}`,
    wholesaler.email && `E-mail: ${wholesaler.email}`,
  ].filter((line): line is string => Boolean(line));
  return {
    title: `Cash offer for ${input.address}`,
    subtitle: `${formatOfferDate(input.date)}${input.recipientName ? ` · Prepared for ${input.recipientName}` : ''}`,
    blocks: [
      { kind: 'figure', label: 'Our cash offer', value: formatMoneyRange(input.offerRange) },
      { kind: 'paragraph', text: offerValidityText(input.validUntil) },
      { kind: 'heading', text: 'What this offer assumes' },
      {
        kind: 'bullets',
        items: [
          input.marketValue === null
            ? null
            : `The home is worth about ${formatMoney(input.marketValue)} once repaired.`,
          repairs,
          'You sell the house as it is, for cash: no listing, no showings, no repairs before closing.',
          'The final price is confirmed after a walk-through of the house.',
        ].filter((item): item is string => item !== null),
      },
      { kind: 'heading', text: 'Questions, or ready to go ahead?' },
      { kind: 'paragraph', text: contact.join('\n') },
    ],
    footer: DOCUMENT_FOOTER,
  };
}
