import { escapeHtml } from '#domain/html/escape-html.ts';
import type { EmailMessage } from '../email/email-message';

/** The subject of the message with the verification link (every sign-up is mailed one). */
export const EMAIL_VERIFICATION_SUBJECT = 'Verify your Cash Offer Calculator e-mail address';

/**
 * The message with the link that verifies an account's e-mail address (Better Auth's /verify-email):
 * mailed at sign-up (`reason` 'sign-up'), or when the account asks for it again ('asked').
 */
export function emailVerificationEmail({
  to,
  link,
  validForHours,
  reason = 'asked',
}: {
  to: string;
  link: string;
  validForHours: number;
  reason?: 'sign-up' | 'asked';
}): EmailMessage {
  const subject = EMAIL_VERIFICATION_SUBJECT;
  const opening =
    reason === 'sign-up'
      ? `Welcome! Someone, hopefully you, created a Cash Offer Calculator account with ${to}.`
      : `Someone, hopefully you, asked to verify ${to} for a Cash Offer Calculator account.`;
  const text = [
    opening,
    'Bulk offers are sent with this address as the one homeowners reply to, so we ask first.',
    '',
    `To verify it, open this link (it works for ${validForHours} hours):`,
    link,
    '',
    'If it was not you, ignore this e-mail: the address stays unverified.',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #111827; line-height: 1.5">
<p>${escapeHtml(opening)} Bulk offers are sent with this address as the one homeowners reply to, so we ask first.</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; background: #1d4ed8; color: #ffffff; padding: 10px 18px; border-radius: 8px; text-decoration: none; font-weight: 600">Verify my e-mail address</a></p>
<p>The link works for ${validForHours} hours. If the button does not work, paste this address into your browser:<br>${escapeHtml(link)}</p>
<p>If it was not you, ignore this e-mail: the address stays unverified.</p>
</body></html>`;
  return { to, subject, html, text };
}
