import { roundToCents } from '../money/round-to-cents';

/** §9: a homeowner's counter-offer above this share of market value needs the MLS/Retail programme. */
export const NEGOTIATION_THRESHOLD = 0.82;

/** Who makes the counter-offer: the visitor type chosen on the hero (§1), not an account role. */
export type NegotiatorType = 'homeowner' | 'wholesaler';

export type NegotiationOutcome = 'needs-program-info' | 'accepted';

/** §4/§9: the highest counter-offer accepted directly from a homeowner, in dollars rounded to cents (82% of market value). */
export function negotiationThreshold(marketValue: number): number {
  // marketValue × 82 / 100 rounds once, so 0.82's binary error cannot move the line by a cent.
  return Math.round(marketValue * 82) / 100;
}

/**
 * §4 Negotiate: a homeowner's desired price (dollars, compared to the cent) above 82 percent of
 * market value leads to the MLS/Retail programme information; anything else, and a
 * wholesaler's counter-offer always, is accepted.
 */
export function negotiationOutcome(input: {
  desiredPrice: number;
  marketValue: number;
  userType: NegotiatorType;
}): NegotiationOutcome {
  if (input.userType === 'wholesaler') return 'accepted';
  return roundToCents(input.desiredPrice) > negotiationThreshold(input.marketValue) ? 'needs-program-info' : 'accepted';
}
