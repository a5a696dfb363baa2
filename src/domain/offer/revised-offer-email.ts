import { complianceFooter, type ComplianceParts } from '../email/compliance-footer';
import { oneLine } from '../email/one-line';
import { escapeHtml } from '../html/escape-html';
import { formatMoney, formatMoneyRange } from '../money/format-money';
import type { OfferRange } from './compute-offer-range';
import type { OfferRepair } from './offer-snapshot';
import { offerValidityText } from './offer-validity';

export interface RevisedOfferEmailInput extends ComplianceParts {
  address: string;
  offerRange: OfferRange;
  /** The homeowner's page for the new offer (`/offer/{token}`). */
  offerUrl: string;
  /** The new offer's letter (PDF) to keep. */
  letterUrl: string;
  expiresAt: Date;
  homeownerName: string | null;
  wholesaler: { displayName: string; company: string; phone: string };
  /** The wholesaler's own words ('' for none): plain text, checked by the sending policy. */
  message: string;
  /**
   * The figures the range was computed from, as far as the workspace shows them to homeowners
   * (showOffer: null where hidden), in dollars.
   */
  figures?: { marketValue: number | null; repairs: OfferRepair[] | null; totalRepairCost: number | null };
}

/** The figures' lines ('Repairs: $12,000 (New Roof $9,000, …)'), only those shown. */
function figureLines(figures: RevisedOfferEmailInput['figures']): string[] {
  if (!figures) return [];
  const lines: string[] = [];
  if (figures.marketValue !== null) lines.push(`Market value once repaired: ${formatMoney(figures.marketValue)}`);
  if (figures.repairs !== null && figures.totalRepairCost !== null) {
    const items = figures.repairs.map((repair) => `${oneLine(repair.name)} ${formatMoney(repair.cost)}`).join(', ');
    lines.push(`Repairs: ${formatMoney(figures.totalRepairCost)}${items ? ` (${items})` : ''}`);
  }
  return lines;
}

/**
 * The e-mail carrying a revised offer to a homeowner: subject 'Revised Cash Offer for {address}',
 * the new range and the figures it was computed from (those shown to homeowners), a link to answer it, the 7-day validity (§9) with its date, who sends it, and the
 * unsubscribe link with the sender's postal address; HTML (every value escaped) and plain text.
 */
export function revisedOfferEmail(input: RevisedOfferEmailInput) {
  const address = oneLine(input.address);
  const range = formatMoneyRange(input.offerRange);
  const from = [input.wholesaler.displayName, input.wholesaler.company].filter((part) => part.trim() !== '').join(', ');
  const greeting = input.homeownerName ? `Dear ${input.homeownerName},` : 'Hello,';
  const validity = offerValidityText(input.expiresAt);
  const footer = complianceFooter(input);
  const figures = figureLines(input.figures);
  const text = [
    greeting,
    '',
    `${from} has sent you a revised cash offer for ${address}: ${range}.`,
    ...(figures.length > 0 ? ['', 'Based on:', ...figures] : []),
    ...(input.message ? ['', input.message] : []),
    '',
    `See and answer the offer: ${input.offerUrl}`,
    `The offer as a letter (PDF): ${input.letterUrl}`,
    '',
    validity,
    ...(input.wholesaler.phone ? [`Phone: ${input.wholesaler.phone}`] : []),
    '',
    footer.text,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #111827; line-height: 1.5; max-width: 600px">
<p>${e(greeting)}</p>
<p>${e(from)} has sent you a revised cash offer for <strong>${e(address)}</strong>.</p>
<p style="font-size: 26px; font-weight: 700">${e(range)}</p>
${figures.length > 0 ? `<p>Based on:<br>${figures.map(e).join('<br>')}</p>` : ''}
${input.message ? `<p style="white-space: pre-wrap">${e(input.message)}</p>` : ''}
<p><a href="${e(input.offerUrl)}" style="display: inline-block; padding: 10px 18px; border-radius: 8px; text-decoration: none; font-weight: 600; background: #15803d; color: #ffffff">See the offer</a></p>
<p><a href="${e(input.letterUrl)}" style="color: #1d4ed8">Download the offer as a letter (PDF)</a></p>
<p><strong>${e(validity)}</strong></p>
${input.wholesaler.phone ? `<p>Phone: ${e(input.wholesaler.phone)}</p>` : ''}
${footer.html}
</body></html>`;
  return { subject: `Revised Cash Offer for ${address}`, html, text };
}
