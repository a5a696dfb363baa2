import { emailDeliveryMessages } from '#domain/email/email-delivery.ts';
import type { OutboxEmail } from './email-message';
import { EmailDeliveryError, type EmailTransport } from './email-transport';

interface ResendErrorBody {
  statusCode?: number;
  name?: string;
  message?: string;
}

/** One address as Resend's string; several (a follow-up's reply goes to the sender and to the app) as its list. */
function replyToField(replyTo: string): string | string[] {
  const addresses = replyTo.split(',').map((address) => address.trim());
  return addresses.length === 1 ? replyTo : addresses;
}

/**
 * Resend's API: POST {apiUrl}/emails with a bearer key (custom headers in its `headers` object); answers {id}, or an error
 * {statusCode, name, message}. The outbox id is the Idempotency-Key, so a retry after a
 * lost answer does not send the message twice.
 */
export function createResendTransport({
  apiUrl,
  apiKey,
  timeoutMs = 10_000,
}: {
  /** The API's base URL, without a trailing slash (RESEND_API_URL, normalised in env.ts). */
  apiUrl: string;
  apiKey: string;
  timeoutMs?: number;
}): EmailTransport {
  const endpoint = `${apiUrl}/emails`;
  return {
    name: 'resend',
    async send(message: OutboxEmail) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${apiKey}`,
            'Content-Type': 'application/json',
            'Idempotency-Key': message.id,
          },
          body: JSON.stringify({
            from: message.from,
            to: [message.to],
            subject: message.subject,
            html: message.html,
            ...(message.text ? { text: message.text } : {}),
            // Several addresses (a follow-up's reply goes to the sender and to the app) as Resend's list.
            ...(message.replyTo ? { reply_to: replyToField(message.replyTo) } : {}),
            ...(message.headers ? { headers: message.headers } : {}),
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const reason =
          error instanceof Error && error.name === 'TimeoutError'
            ? `no answer within ${timeoutMs} ms`
            : String(error instanceof Error ? error.message : error);
        throw new EmailDeliveryError(`Resend unreachable: ${reason}`, true);
      }

      const text = await response.text().catch(() => '');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      if (!response.ok) {
        const error = (body ?? {}) as ResendErrorBody;
        // §8: an error that says nothing reads 'Failed to send email'.
        const detail =
          (body === undefined ? text.slice(0, 200) || response.statusText : error.message) ||
          emailDeliveryMessages.sendFailedFallback;
        // 429 (rate limit), 5xx, and a 409 while this key's earlier request is still being
        // answered (Resend: safe to retry) are worth another try; other 4xx would fail again.
        const retryable =
          response.status === 429 ||
          response.status >= 500 ||
          (response.status === 409 && error.name === 'concurrent_idempotent_requests');
        throw new EmailDeliveryError(
          `Resend ${response.status}${error.name ? ` ${error.name}` : ''}: ${detail}`,
          retryable,
        );
      }
      const id = (body as { id?: unknown } | undefined)?.id;
      if (typeof id !== 'string')
        throw new EmailDeliveryError(`Resend answered ${response.status} without a message id`, true);
      return { providerMessageId: id };
    },
  };
}
