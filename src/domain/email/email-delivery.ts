/** How the server delivers e-mail: through the configured provider, or into the built-in outbox, which only logs it. */
export type EmailDelivery = 'provider' | 'outbox';

export const emailDeliveryMessages = {
  /** Beside every "e-mailed" on screen while no provider is configured. */
  outboxNotice: 'Demo: written to the server log, not delivered',
  /** §8: a provider error that says nothing. */
  sendFailedFallback: 'Failed to send email',
  /** The bulk result in outbox mode, instead of 'Successfully sent {n} offers'. */
  writtenToOutbox: (count: number) => `${count} offers written to the outbox`,
} as const;
