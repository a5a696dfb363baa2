import { escapeForLog } from '../http/describe-error-for-log';
import type { OutboxEmail } from './email-message';
import type { EmailTransport } from './email-transport';

/** Every http(s) link in the message, from the text and the html's href attributes, once each. */
export function linksIn(message: Pick<OutboxEmail, 'text' | 'html'>): string[] {
  const links = new Set<string>();
  for (const match of message.text.matchAll(/https?:\/\/[^\s<>"')]+/g)) links.add(match[0]);
  for (const match of message.html.matchAll(/href="(https?:\/\/[^"]+)"/g))
    links.add(match[1]!.replaceAll('&amp;', '&'));
  return [...links];
}

export const REDACTED = 'REDACTED';

/** Query parameters that carry a secret: reset, verification and unsubscribe tokens, codes, keys. */
const secretParameter = /token|secret|signature|code|key|password/i;
/** Path segments followed by a token: `/offer/{token}`, `/api/public/offers/{token}/letter.pdf`, `/reset-password/{token}`. */
const tokenBeforeSegments = new Set(['offer', 'offers', 'reset-password']);
/** A segment that looks like a token (20 or more base64url characters) whatever comes before it. */
const opaqueSegment = /^[A-Za-z0-9_-]{20,}$/;

/** The link with every token in its query and path replaced by REDACTED; an unreadable link entirely. */
export function redactLinkTokens(link: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return REDACTED;
  }
  for (const name of new Set(url.searchParams.keys()))
    if (secretParameter.test(name)) url.searchParams.set(name, REDACTED);
  const segments = url.pathname.split('/');
  url.pathname = segments
    .map((segment, index) =>
      segment !== '' && (tokenBeforeSegments.has(segments[index - 1] ?? '') || opaqueSegment.test(segment))
        ? REDACTED
        : segment,
    )
    .join('/');
  if (url.hash.length > 1) url.hash = REDACTED;
  return url.href;
}

export interface OutboxLogOptions {
  /**
   * Print links with their tokens replaced, and no recipient (production: a log is read by more
   * people, and kept longer, than the mailbox a reset link or an offer was meant for). Locally the
   * recipient and the whole links are written to the outbox folder, so that a person running the
   * app can follow a password-reset link (create-email-transport.ts).
   */
  redactTokens?: boolean;
}

/**
 * The built-in outbox, used when no e-mail provider is configured: the message stays in
 * email_outbox, and its id, subject and links (and its recipient, unless redactTokens) are printed
 * to `log` (a file in the outbox folder: createEmailTransport). Every value is printed on its own
 * line with control characters escaped, so no message can add lines of its own to a log.
 */
export function createOutboxLogTransport(
  log: (text: string, message: OutboxEmail) => unknown,
  { redactTokens = false }: OutboxLogOptions = {},
): EmailTransport {
  return {
    name: 'outbox-log',
    async send(message) {
      const links = linksIn(message).map((link) => (redactTokens ? redactLinkTokens(link) : link));
      const lines = [
        redactTokens
          ? `[email outbox] ${escapeForLog(message.id)}: ${escapeForLog(message.subject)}`
          : `[email outbox] ${escapeForLog(message.id)} to ${escapeForLog(message.to)}: ${escapeForLog(message.subject)}`,
        ...links.map((link) => `  link: ${escapeForLog(link)}`),
        '  (no e-mail provider configured: set RESEND_API_KEY to send real e-mail)',
      ];
      await log(lines.join('\n'), message);
      return { providerMessageId: null };
    },
  };
}
