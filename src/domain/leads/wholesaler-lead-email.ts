import { oneLine } from '../email/one-line';
import { escapeHtml } from '../html/escape-html';
import { formatMoney, formatMoneyRange } from '../money/format-money';
import type { OfferRange } from '../offer/compute-offer-range';
import { describeLeadResponse, leadSourceLabels, type LeadResponseKind, type LeadSource } from './lead-response';

export interface WholesalerLeadEmailInput {
  leadId: string;
  responseKind: LeadResponseKind;
  counterAmount: number | null;
  source: LeadSource;
  address: string;
  marketValue: number | null;
  offerRange: OfferRange | null;
  contact: { name: string | null; email: string | null; phone: string | null };
  /** The homeowner's own words, if any ('' for none). */
  message: string;
  /** APP_URL without a trailing slash; the e-mail links to the lead at `${appUrl}/leads/{id}`. */
  appUrl: string;
}

/**
 * The e-mail telling a wholesaler that a homeowner answered one of their offers: subject
 * 'New lead: {address} accepted|countered at $X|…', the facts as an HTML table (every value
 * escaped) and as plain text, a link to the lead, and reply-to the homeowner when known.
 */
export function wholesalerLeadEmail(input: WholesalerLeadEmailInput) {
  const answer = describeLeadResponse(input.responseKind, input.counterAmount);
  const title = `New lead: ${oneLine(input.address)} ${answer}`;
  const leadUrl = `${input.appUrl}/leads/${input.leadId}`;
  const rows: [string, string | null][] = [
    ['Answer', answer],
    ['Property address', input.address],
    ['Market value', input.marketValue === null ? null : formatMoney(input.marketValue)],
    ['Your offer', input.offerRange === null ? null : formatMoneyRange(input.offerRange)],
    ['Name', input.contact.name],
    ['Email', input.contact.email],
    ['Phone', input.contact.phone],
    ['Message', input.message === '' ? null : input.message],
    ['Source', leadSourceLabels[input.source]],
  ];
  const shown = rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '');
  const e = escapeHtml;
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827">` +
    `<h1 style="font-size:20px">${e(title)}</h1>` +
    `<table cellspacing="0" cellpadding="0">${shown
      .map(
        ([label, value]) =>
          `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${e(label)}</th>` +
          `<td style="padding:4px 0;white-space:pre-wrap">${e(value)}</td></tr>`,
      )
      .join('')}</table>` +
    `<p><a href="${e(leadUrl)}">Open the lead</a></p></body></html>`;
  const text = [
    title,
    '',
    ...shown.map(([label, value]) => `${label}: ${value}`),
    '',
    `Open the lead: ${leadUrl}`,
  ].join('\n');
  return {
    subject: title,
    html,
    text,
    ...(input.contact.email ? { replyTo: input.contact.email } : {}),
  };
}
