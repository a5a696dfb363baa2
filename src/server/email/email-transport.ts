import type { Env } from '../env';
import type { OutboxEmail } from './email-message';
import { createOutboxLogTransport } from './outbox-log-transport';
import { createResendTransport } from './resend-transport';

/** Delivers one message; throws EmailDeliveryError when it could not. */
export interface EmailTransport {
  readonly name: 'resend' | 'outbox-log';
  send(message: OutboxEmail): Promise<{ providerMessageId: string | null }>;
}

/** A failed delivery, with the provider's error and whether trying again later may help. */
export class EmailDeliveryError extends Error {
  override name = 'EmailDeliveryError';
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Resend when RESEND_API_KEY is set; otherwise the built-in outbox, which prints messages to the log. */
export function createEmailTransport(env: Pick<Env, 'RESEND_API_KEY' | 'RESEND_API_URL'>): EmailTransport {
  return env.RESEND_API_KEY
    ? createResendTransport({ apiUrl: env.RESEND_API_URL, apiKey: env.RESEND_API_KEY })
    : createOutboxLogTransport();
}
