import { oneLine } from '../email/one-line';
import { escapeHtml } from '../html/escape-html';
import { formatMoney, formatMoneyRange } from '../money/format-money';
import { answeredAs, type LeadAnswer, type LeadAnswerKind } from './lead-answer';
import { describeLeadAnswer, leadSourceLabels } from './lead-answered-kind';
import { timeframeLabel } from './mls-program-schema';

export interface LeadNotificationEmail {
  subject: string;
  html: string;
  text: string;
  /** The homeowner's e-mail when the lead has one, so a reply reaches them. */
  replyTo?: string;
}

/** Who is told: the site's operator (LEADS_EMAIL), or the wholesaler who owns the lead, with a link to it. */
export type LeadNotificationAudience = { to: 'operator' } | { to: 'wholesaler'; appUrl: string };

const operatorHeadline: Record<LeadAnswerKind, string> = {
  accept: 'Cash offer accepted',
  counter: 'Counter-offer accepted',
  program: 'MLS/Retail Program request',
  'new-offer': 'New offer requested',
};

const money = (dollars: number | null | undefined) => (dollars == null ? undefined : formatMoney(dollars));

function factsOf(answer: LeadAnswer): [string, string | undefined][] {
  const { details, contact } = answer;
  return [
    ['Answer', describeLeadAnswer(answeredAs[answer.kind], answer.desiredPrice)],
    ['Property address', answer.address],
    ['Market value', money(answer.marketValue)],
    ['Cash offer range', answer.offerRange ? formatMoneyRange(answer.offerRange) : undefined],
    ['Total repairs', money(details.totalRepairCost)],
    ['Desired price', money(answer.desiredPrice)],
    ['Name', contact?.name],
    ['Email', contact?.email],
    ['Phone', contact?.phone],
    // The calculator's accept is recorded before the outside lead form asks who the homeowner is.
    [
      'Contact',
      contact ? undefined : answer.kind === 'accept' ? 'Sent on to the lead form; no contact details yet' : undefined,
    ],
    ['Condition', details.condition],
    ['Timeframe', details.timeframe && timeframeLabel(details.timeframe)],
    ['Message', answer.message],
    ['Visitor type', details.userType && (details.userType === 'homeowner' ? 'Homeowner' : 'Wholesaler')],
    ['Source', leadSourceLabels[answer.source]],
  ];
}

/**
 * The e-mail announcing a stored lead, to the operator or to the owning wholesaler: the same facts
 * as an HTML table (every value escaped) and as plain text, the lead's id and when it arrived
 * (ISO 8601, UTC), for a wholesaler a link to the lead at `${appUrl}/leads/{id}`, and reply-to the
 * homeowner when known. Subject: 'Cash offer accepted' (operator) or 'New lead: countered at $X'
 * (wholesaler): none of the homeowner's text, which anyone may type (issue 37). The caller hands
 * it the typed text as the sending policy lets it be shown (sendNotification).
 */
export function leadNotificationEmail(
  answer: LeadAnswer,
  meta: { id: string; receivedAt: Date },
  audience: LeadNotificationAudience = { to: 'operator' },
): LeadNotificationEmail {
  const title =
    audience.to === 'operator'
      ? operatorHeadline[answer.kind]
      : `New lead: ${describeLeadAnswer(answeredAs[answer.kind], answer.desiredPrice)}`;
  const rows = [...factsOf(answer), ['Received', meta.receivedAt.toISOString()], ['Lead id', meta.id]].filter(
    (row): row is [string, string] => row[1] !== undefined && row[1] !== '',
  );
  const leadUrl = audience.to === 'wholesaler' ? `${audience.appUrl}/leads/${meta.id}` : null;
  const e = escapeHtml;
  const htmlRows = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${e(label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${e(value)}</td></tr>`,
    )
    .join('');
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827">` +
    `<h1 style="font-size:20px">${e(oneLine(title))}</h1>` +
    `<table cellspacing="0" cellpadding="0">${htmlRows}</table>` +
    (leadUrl ? `<p><a href="${e(leadUrl)}">Open the lead</a></p>` : '') +
    `</body></html>`;
  const text = [
    oneLine(title),
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(leadUrl ? ['', `Open the lead: ${leadUrl}`] : []),
  ].join('\n');
  const replyTo = answer.contact?.email;
  return { subject: oneLine(title), html, text, ...(replyTo ? { replyTo } : {}) };
}
