import type { OutboxEmail } from './email-message';

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
