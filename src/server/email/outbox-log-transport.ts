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

/**
 * The built-in outbox, used when no e-mail provider is configured: the message stays in
 * email_outbox and is printed to the server log with its links, so a person running the app
 * locally can follow a password-reset link.
 */
export function createOutboxLogTransport(log: (line: string) => void = (line) => console.log(line)): EmailTransport {
  return {
    name: 'outbox-log',
    async send(message) {
      const links = linksIn(message);
      const lines = [
        `[email outbox] ${message.id} to ${message.to}: ${message.subject}`,
        ...links.map((link) => `  link: ${link}`),
        '  (no e-mail provider configured: set RESEND_API_KEY to send real e-mail)',
      ];
      log(lines.join('\n'));
      return { providerMessageId: null };
    },
  };
}
