import { createHmac, timingSafeEqual } from 'node:crypto';
import { homeownerEmailKey } from '#domain/email/homeowner-email-key.ts';
import { parseEmailAddress } from '#domain/email/parse-email-address.ts';

// Derived from the server secret for this one purpose, so an unsubscribe signature can never
// be mistaken for (or help forge) a session cookie signed with the same secret.
const unsubscribeKey = (serverSecret: string) =>
  createHmac('sha256', serverSecret).update('email-unsubscribe-v1').digest();

/** An address as a token carries it and the unsubscribe page shows it: trimmed and lower-cased. */
const tokenEmail = (email: string) => email.trim().toLowerCase();

/**
 * The one address that bounced, as a bounce suppresses it: the plain address (a display-name form
 * reduced to it), lower-cased, `+tag` and dots kept. A mailbox provider's bounce of
 * `victim+offers@example.org` says nothing of victim@example.org, so it must not silence it for
 * every sender; an unsubscribe or complaint, made by the mailbox's owner, keeps the wider reading.
 */
export function exactSuppressionEmail(email: string): string {
  return parseEmailAddress(email) ?? tokenEmail(email);
}

/**
 * The suppression list's rows that stop e-mail to `email`: an unsubscribe or complaint stored under
 * its homeownerEmailKey (every spelling of the mailbox), or a bounce of this exact address.
 */
export function suppressionKeysOf(email: string): string[] {
  return [...new Set([homeownerEmailKey(email), exactSuppressionEmail(email)])];
}

const signature = (serverSecret: string, email: string) =>
  createHmac('sha256', unsubscribeKey(serverSecret)).update(email).digest('base64url');

/** A token for one address's unsubscribe link: the address and its HMAC, base64url, joined by '.'. It does not expire. */
export function createUnsubscribeToken(serverSecret: string, email: string): string {
  const normalized = tokenEmail(email);
  return `${Buffer.from(normalized).toString('base64url')}.${signature(serverSecret, normalized)}`;
}

/** The address a token was made for, or null when it was not made with this secret (edited, truncated, forged). */
export function readUnsubscribeToken(serverSecret: string, token: string): string | null {
  const [encoded, given, extra] = token.split('.');
  if (!encoded || !given || extra !== undefined) return null;
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  if (!email.includes('@') || email !== tokenEmail(email)) return null;
  const expected = Buffer.from(signature(serverSecret, email));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? email : null;
}

/**
 * The link to the web page that asks for confirmation and then unsubscribes (a GET must not
 * unsubscribe: mail scanners follow links). `appUrl` is APP_URL, without a trailing slash (env.ts).
 */
export function unsubscribeUrl(appUrl: string, serverSecret: string, email: string): string {
  return `${appUrl}/unsubscribe?token=${encodeURIComponent(createUnsubscribeToken(serverSecret, email))}`;
}

/**
 * The one-click unsubscribe URL of a bulk e-mail's List-Unsubscribe header (RFC 8058): a mailbox
 * provider POSTs `List-Unsubscribe=One-Click` to it and the address is unsubscribed, no page shown.
 */
export function oneClickUnsubscribeUrl(appUrl: string, serverSecret: string, email: string): string {
  return `${appUrl}/api/unsubscribe/one-click?token=${encodeURIComponent(createUnsubscribeToken(serverSecret, email))}`;
}
