import { escapeHtml } from '../html/escape-html';
import { oneLine } from './one-line';

export interface ComplianceParts {
  /** The recipient's own unsubscribe page (a GET shows it; only its form unsubscribes). */
  unsubscribeUrl: string;
  /**
   * Who sends it: a commercial e-mail names its sender and carries the sender's valid physical
   * postal address (US CAN-SPAM Act, 15 U.S.C. 7704(a)(5)). Lines may be separated by line breaks.
   */
  sender: { name: string; postalAddress: string };
}

/**
 * The end of every e-mail a user sends to someone else: the unsubscribe link and the sender's name
 * and postal address on one line, as plain text and as HTML (every value escaped). The sending
 * policy refuses a message that does not carry both exactly.
 */
export function complianceFooter({ unsubscribeUrl, sender }: ComplianceParts): { text: string; html: string } {
  const postalAddress = sender.postalAddress
    .split(/\r?\n|\r/)
    .map(oneLine)
    .filter((line) => line !== '')
    .join(', ');
  const sentBy = `This offer was sent by ${oneLine(sender.name)}, ${postalAddress}.`;
  const e = escapeHtml;
  return {
    text: [`Do not want offers like this? Unsubscribe: ${unsubscribeUrl}`, sentBy].join('\n'),
    html: [
      `<p style="font-size: 12px; color: #6b7280">Do not want offers like this? <a href="${e(unsubscribeUrl)}" style="color: #6b7280">Unsubscribe</a>.</p>`,
      `<p style="font-size: 12px; color: #6b7280">${e(sentBy)}</p>`,
    ].join('\n'),
  };
}
