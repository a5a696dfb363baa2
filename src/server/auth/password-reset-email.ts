import { escapeHtml } from '#domain/html/escape-html.ts';
import type { EmailMessage } from '../email/email-message';

/** The message with the link to /reset-password that Better Auth asks us to send. */
export function passwordResetEmail({
  to,
  link,
  validForMinutes,
}: {
  to: string;
  link: string;
  validForMinutes: number;
}): EmailMessage {
  const subject = 'Reset your Cash Offer Calculator password';
  const text = [
    'Someone asked to reset the password of your Cash Offer Calculator account.',
    '',
    `To choose a new password, open this link (it works once, within ${validForMinutes} minutes):`,
    link,
    '',
    'If it was not you, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #111827; line-height: 1.5">
<p>Someone asked to reset the password of your Cash Offer Calculator account.</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; background: #1d4ed8; color: #ffffff; padding: 10px 18px; border-radius: 8px; text-decoration: none; font-weight: 600">Choose a new password</a></p>
<p>The link works once, within ${validForMinutes} minutes. If the button does not work, paste this address into your browser:<br>${escapeHtml(link)}</p>
<p>If it was not you, ignore this e-mail: your password stays as it is.</p>
</body></html>`;
  return { to, subject, html, text };
}
