import { formatMoney } from '../money/format-money';
import type { LeadAnsweredKind } from './lead-answered-kind';

/**
 * What the homeowner is told after answering a wholesaler's offer. 'needs-program-info': the
 * counter was above 82 % of market value, so the MLS/Retail programme information is shown too
 * (§4 Negotiate rule). Never says "accepted": only the wholesaler can accept a counter-offer.
 */
export interface HomeownerAnswerMessage {
  outcome: 'sent' | 'needs-program-info';
  title: string;
  message: string;
}

/** The confirmation for one answer; `displayName` is whom it went to, desiredPrice in dollars. */
export function homeownerAnswerMessage(input: {
  kind: LeadAnsweredKind;
  displayName: string;
  desiredPrice?: number | null;
  aboveProgramThreshold?: boolean;
}): HomeownerAnswerMessage {
  const name = input.displayName;
  switch (input.kind) {
    case 'accepted':
      return {
        outcome: 'sent',
        title: `Your acceptance was sent to ${name}`,
        message: `${name} will contact you to confirm the details and agree the next steps. Nothing is final until you both sign a purchase contract.`,
      };
    case 'countered': {
      const price =
        input.desiredPrice == null ? 'Your counter-offer' : `Your counter-offer of ${formatMoney(input.desiredPrice)}`;
      const base = `${name} will review it and reply by e-mail or phone. Nothing is agreed until ${name} answers and you both sign a purchase contract.`;
      if (input.aboveProgramThreshold) {
        return {
          outcome: 'needs-program-info',
          title: `${price} was sent to ${name}`,
          message: `${base} A price above 82% of the market value is usually reached by listing the home: see the MLS/Retail program below.`,
        };
      }
      return { outcome: 'sent', title: `${price} was sent to ${name}`, message: base };
    }
    case 'program-interest':
      return {
        outcome: 'sent',
        title: `Your MLS/Retail program request was sent to ${name}`,
        message: `${name} will contact you about listing your home through the program.`,
      };
    case 'new-offer-requested':
      return {
        outcome: 'sent',
        title: `Your request for a new offer was sent to ${name}`,
        message: `${name} will e-mail you a fresh offer for your property.`,
      };
  }
}
