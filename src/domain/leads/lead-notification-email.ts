import { escapeHtml } from '../html/escape-html';
import { formatMoney, formatMoneyRange } from '../money/format-money';
import type { LeadRequest } from './lead-request-schema';
import { timeframeLabel } from './mls-program-schema';

export interface LeadNotificationEmail {
  subject: string;
  html: string;
  text: string;
  /** The homeowner's e-mail when the lead has one, so a reply reaches them. */
  replyTo?: string;
}

// A subject is one header line: line breaks in an address must not start another header.
const oneLine = (text: string) =>
  text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();

const headline: Record<LeadRequest['kind'], string> = {
  accept: 'Cash offer accepted',
  negotiate: 'Counter-offer accepted',
  program: 'MLS/Retail Program request',
};

function rowsFor(lead: LeadRequest): [string, string][] {
  const rows: [string, string | undefined][] = [];
  switch (lead.kind) {
    case 'accept':
      rows.push(
        ['Property address', lead.address],
        ['Market value', formatMoney(lead.marketValue)],
        ['Cash offer range', formatMoneyRange(lead.offerRange)],
        ['Total repairs', formatMoney(lead.totalRepairCost)],
        ['Desired price', lead.desiredPrice === undefined ? undefined : formatMoney(lead.desiredPrice)],
        ['Name', lead.contact?.name],
        ['Email', lead.contact?.email],
        ['Phone', lead.contact?.phone],
      );
      if (!lead.contact) rows.push(['Contact', 'Sent on to the lead form; no contact details yet']);
      break;
    case 'negotiate':
      rows.push(
        ['Property address', lead.address],
        ['Market value', formatMoney(lead.marketValue)],
        ['Cash offer range', formatMoneyRange(lead.offerRange)],
        ['Desired price', formatMoney(lead.desiredPrice)],
        ['Visitor type', lead.userType === 'homeowner' ? 'Homeowner' : 'Wholesaler'],
      );
      break;
    case 'program':
      rows.push(
        ['Full name', lead.fullName],
        ['Phone', lead.phone],
        ['Email', lead.email],
        ['Property address', lead.address],
        ['Condition', lead.condition],
        ['Timeframe', timeframeLabel(lead.timeframe)],
        ['Notes', lead.notes === '' ? undefined : lead.notes],
        ['Market value', lead.marketValue === undefined ? undefined : formatMoney(lead.marketValue)],
        ['Cash offer range', lead.offerRange === undefined ? undefined : formatMoneyRange(lead.offerRange)],
        ['Desired price', lead.desiredPrice === undefined ? undefined : formatMoney(lead.desiredPrice)],
      );
      break;
  }
  return rows.filter((row): row is [string, string] => row[1] !== undefined);
}

/**
 * The notification sent to LEADS_EMAIL for a stored lead: subject, an HTML table with every
 * value escaped, and the same facts as plain text. `receivedAt` is shown in ISO 8601 (UTC).
 */
export function leadNotificationEmail(
  lead: LeadRequest,
  meta: { id: string; receivedAt: Date },
): LeadNotificationEmail {
  const title = headline[lead.kind];
  const rows: [string, string][] = [
    ...rowsFor(lead),
    ['Received', meta.receivedAt.toISOString()],
    ['Lead id', meta.id],
  ];
  const htmlRows = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827">` +
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>` +
    `<table cellspacing="0" cellpadding="0">${htmlRows}</table>` +
    `</body></html>`;
  const text = [title, '', ...rows.map(([label, value]) => `${label}: ${value}`)].join('\n');
  const replyTo = lead.kind === 'accept' ? lead.contact?.email : lead.kind === 'program' ? lead.email : undefined;
  return { subject: oneLine(`${title}: ${lead.address}`), html, text, ...(replyTo ? { replyTo } : {}) };
}
