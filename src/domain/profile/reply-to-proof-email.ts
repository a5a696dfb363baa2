import { oneLine } from '../email/one-line';
import { escapeHtml } from '../html/escape-html';

export interface ReplyToProofEmailInput {
  /** Who asked: the wholesaler's name and account e-mail. */
  requester: { name: string; accountEmail: string };
  /** The page that asks to confirm (`/confirm-reply-to?token=…`). */
  confirmUrl: string;
  unsubscribeUrl: string;
}

/**
 * The e-mail to a reply-to address a wholesaler typed, asking its owner to confirm it: until then
 * no reply, lead or offer e-mail names it. Says who asked (in the body only, never the subject),
 * and that ignoring it is safe.
 */
export function replyToProofEmail({ requester, confirmUrl, unsubscribeUrl }: ReplyToProofEmailInput) {
  const name = oneLine(requester.name);
  // Nothing the requester typed: a subject is what a stranger reads first, link or not.
  const subject = 'Confirm your e-mail address for the Cash Offer Calculator';
  const asked = `${name} (${requester.accountEmail}) asked that homeowners' replies and lead e-mails from the Cash Offer Calculator go to this address.`;
  const text = [
    asked,
    '',
    `If this is your address, confirm it: ${confirmUrl}`,
    'The link works for 7 days.',
    '',
    'If you did not expect this, ignore it: nothing more will be sent here.',
    `Do not want e-mails like this? Unsubscribe: ${unsubscribeUrl}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #111827; line-height: 1.5; max-width: 600px">
<p>${e(asked)}</p>
<p><a href="${e(confirmUrl)}" style="display: inline-block; padding: 10px 18px; border-radius: 8px; text-decoration: none; font-weight: 600; background: #1d4ed8; color: #ffffff">Confirm this address</a></p>
<p>The link works for 7 days.</p>
<p>If you did not expect this, ignore it: nothing more will be sent here.</p>
<p style="font-size: 12px; color: #6b7280">Do not want e-mails like this? <a href="${e(unsubscribeUrl)}" style="color: #6b7280">Unsubscribe</a>.</p>
</body></html>`;
  return { subject, html, text };
}
