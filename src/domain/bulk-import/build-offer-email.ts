import { complianceFooter, type ComplianceParts } from '../email/compliance-footer';
import { oneLine } from '../email/one-line';
import { escapeHtml } from '../html/escape-html';
import { formatMoney, formatMoneyRange } from '../money/format-money';
import { offerValidityText } from '../offer/offer-validity';
import { fullPropertyAddress, ownerDisplayName, type BulkImportProperty } from './bulk-import-property';

/** §7 benefits list of the offer e-mail. */
export const OFFER_BENEFITS = [
  'Sell as-is: no repairs, cleaning or showings',
  'No agent commissions or closing fees',
  'A cash offer, with no financing to fall through',
  'Close on your timeline, in as little as 7 days',
] as const;

export interface OfferEmail {
  subject: string;
  html: string;
  text: string;
}

export interface OfferEmailInput extends ComplianceParts {
  property: BulkImportProperty;
  /** The homeowner's answerable page for this offer (`${APP_URL}/offer/{token}`, issue 12). */
  offerUrl: string;
  /** The offer's letter (PDF) to keep. */
  letterUrl: string;
  /** When the offer stops being valid (7 days after it is sent: §9). */
  expiresAt: Date;
  /** The wholesaler, whom the owner reaches by replying. */
  wholesalerEmail: string;
}

/**
 * §7 bulk offer e-mail: subject 'Cash Offer for {address}', an HTML body (every value escaped)
 * with the range, accept and negotiate links to the offer's answerable page, the benefits, the
 * 7-day validity with its date, an unsubscribe link and the sender's name and postal address;
 * and the same as plain text.
 */
export function buildOfferEmail({
  property,
  offerUrl,
  letterUrl,
  expiresAt,
  unsubscribeUrl,
  wholesalerEmail,
  sender,
}: OfferEmailInput): OfferEmail {
  // 'Cash Offer for 2219 E 34th St, Austin, TX 78722' when the list gave the city, state and ZIP (issue 41).
  const address = oneLine(fullPropertyAddress(property));
  const range = formatMoneyRange(property.offerRange);
  // Both buttons open the offer's own page, which opens the matching form.
  const intentUrl = (intent: 'accept' | 'negotiate') => `${offerUrl}?intent=${intent}`;
  const acceptUrl = intentUrl('accept');
  const negotiateUrl = intentUrl('negotiate');
  const validity = offerValidityText(expiresAt);
  const name = ownerDisplayName(property);
  const subject = `Cash Offer for ${address}`;
  const footer = complianceFooter({ unsubscribeUrl, sender });
  const e = escapeHtml;

  const text = [
    `Dear ${name},`,
    '',
    `We would like to buy your property at ${address} for cash.`,
    '',
    `Your cash offer: ${range} (up to ${formatMoney(property.offerRange.high)}).`,
    '',
    `Accept the offer: ${acceptUrl}`,
    `Negotiate the offer: ${negotiateUrl}`,
    `The offer as a letter (PDF): ${letterUrl}`,
    '',
    'Why sell to us:',
    ...OFFER_BENEFITS.map((benefit) => `- ${benefit}`),
    '',
    validity,
    `Questions? Reply to this e-mail to reach ${wholesalerEmail}.`,
    '',
    footer.text,
  ].join('\n');

  const button =
    'display: inline-block; padding: 10px 18px; border-radius: 8px; text-decoration: none; font-weight: 600';
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #111827; line-height: 1.5; max-width: 600px">
<p>Dear ${e(name)},</p>
<p>We would like to buy your property at <strong>${e(address)}</strong> for cash.</p>
<p style="font-size: 14px; color: #4b5563; margin-bottom: 0">Your cash offer</p>
<p style="font-size: 26px; font-weight: 700; margin-top: 0">${e(range)}</p>
<p>
<a href="${e(acceptUrl)}" style="${button}; background: #15803d; color: #ffffff">Accept Offer</a>
&nbsp;
<a href="${e(negotiateUrl)}" style="${button}; background: #ffffff; color: #1d4ed8; border: 1px solid #1d4ed8">Negotiate</a>
</p>
<p><a href="${e(letterUrl)}" style="color: #1d4ed8">Download the offer as a letter (PDF)</a></p>
<h2 style="font-size: 18px">Why sell to us</h2>
<ul>
${OFFER_BENEFITS.map((benefit) => `<li>${e(benefit)}</li>`).join('\n')}
</ul>
<p><strong>${e(validity)}</strong></p>
<p>Questions? Reply to this e-mail to reach ${e(wholesalerEmail)}.</p>
${footer.html}
</body></html>`;

  return { subject, html, text };
}
