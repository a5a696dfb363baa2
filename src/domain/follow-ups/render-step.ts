import { complianceFooter, type ComplianceParts } from '../email/compliance-footer';
import { oneLine } from '../email/one-line';
import { escapeHtml } from '../html/escape-html';
import { formatMoneyRange } from '../money/format-money';
import { formatOfferDate } from '../offer/offer-validity';
import { FOLLOW_UP_FIELDS, type FollowUpField } from './sequence';

/** The deal a step's text is about. */
export interface FollowUpDeal {
  /** The homeowner's name as known (a bulk row's names, a lead's name); '' when unknown. */
  recipientName: string;
  address: string;
  offerRange: { low: number; high: number };
  offerUrl: string;
  offerExpiresAt: Date;
  wholesalerName: string;
  wholesalerPhone: string;
}

/** The value of each field for this deal, as the homeowner reads it. */
export function followUpFieldValues(deal: FollowUpDeal): Record<FollowUpField, string> {
  const firstName = deal.recipientName.trim().split(/\s+/)[0] ?? '';
  return {
    firstName: firstName || 'there',
    address: oneLine(deal.address),
    offerRange: formatMoneyRange(deal.offerRange),
    offerLink: deal.offerUrl,
    offerExpires: formatOfferDate(deal.offerExpiresAt),
    wholesalerName: oneLine(deal.wholesalerName),
    wholesalerPhone: oneLine(deal.wholesalerPhone) || 'the number in our offer',
  };
}

const fieldPattern = new RegExp(`\\{(${FOLLOW_UP_FIELDS.join('|')})\\}`, 'g');

/** A step's text with every `{field}` filled in; anything else in braces stays as typed. */
export function fillFollowUpFields(template: string, values: Record<FollowUpField, string>): string {
  return template.replace(fieldPattern, (_, field: FollowUpField) => values[field]);
}

/**
 * A follow-up e-mail: the step's subject (one line) and body filled in, as plain text and as HTML
 * (every value escaped, the offer's address a link, paragraphs kept), then the compliance footer.
 */
export function renderFollowUpEmail(
  step: { subject: string; body: string },
  deal: FollowUpDeal,
  compliance: ComplianceParts,
): { subject: string; text: string; html: string } {
  const values = followUpFieldValues(deal);
  const body = fillFollowUpFields(step.body, values);
  const footer = complianceFooter(compliance);
  const paragraphs = body
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  const htmlParagraph = (paragraph: string) =>
    `<p>${paragraph
      .split('\n')
      .map((line) =>
        escapeHtml(line).replace(
          escapeHtml(deal.offerUrl),
          `<a href="${escapeHtml(deal.offerUrl)}">${escapeHtml(deal.offerUrl)}</a>`,
        ),
      )
      .join('<br>')}</p>`;
  return {
    subject: oneLine(fillFollowUpFields(step.subject, values)),
    text: [body.trim(), '', footer.text].join('\n'),
    html: [...paragraphs.map(htmlParagraph), footer.html].join('\n'),
  };
}
