import { complianceFooter, type ComplianceParts } from '../email/compliance-footer';
import { oneLine } from '../email/one-line';
import { escapeHtml } from '../html/escape-html';
import { formatMoney } from '../money/format-money';

/** The buyer's page of a deal: `/deal/{token}` on APP_URL (no trailing slash). */
export function dealPageUrl(appUrl: string, token: string): string {
  return `${appUrl}/deal/${encodeURIComponent(token)}`;
}

export interface DealEmailInput {
  buyerName: string;
  address: string;
  /** Dollars; null: the asking price is on the page once set. */
  askingPrice: number | null;
  url: string;
  /** Who offers the deal: the sender's company or name. */
  senderName: string;
  /** True for a proven buyer, who hears of it before the others. */
  firstLook: boolean;
}

/**
 * The e-mail that tells a buyer of a deal under contract: the address, the asking price, their own
 * link (valid 30 days), and the compliance footer the sending policy requires. It carries no seller
 * figure: the contract price, the offer and the fee are never passed in.
 */
export function dealEmail(input: DealEmailInput, parts: ComplianceParts) {
  const address = oneLine(input.address);
  const price = input.askingPrice === null ? null : formatMoney(input.askingPrice);
  const subject = `${input.firstLook ? 'First look: ' : ''}A deal under contract at ${address}`;
  const intro = input.firstLook
    ? `As one of our proven buyers, you see this deal before the others.`
    : `A property under contract that fits what you buy.`;
  const footer = complianceFooter(parts);
  const e = escapeHtml;
  const greeting = `Hi ${oneLine(input.buyerName)},`;
  const text = [
    greeting,
    '',
    intro,
    `Address: ${address}`,
    ...(price ? [`Asking price: ${price}`] : []),
    '',
    `See the photos, numbers and access notes, and make an offer (this link is yours, valid 30 days):`,
    input.url,
    '',
    `${oneLine(input.senderName)}`,
    '',
    footer.text,
  ].join('\n');
  const html = [
    `<p>${e(greeting)}</p>`,
    `<p>${e(intro)}</p>`,
    `<p><strong>Address:</strong> ${e(address)}${price ? `<br><strong>Asking price:</strong> ${e(price)}` : ''}</p>`,
    `<p><a href="${e(input.url)}">See the deal and make an offer</a> (this link is yours, valid 30 days).</p>`,
    `<p>${e(oneLine(input.senderName))}</p>`,
    footer.html,
  ].join('\n');
  return { subject, text, html };
}
