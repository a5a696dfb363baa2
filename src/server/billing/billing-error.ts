import Stripe from 'stripe';

/** A refusal the user can read as it is (plan already held, no billing account, bad link). */
export class BillingError extends Error {
  override name = 'BillingError';
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
  ) {
    super(message);
  }
}

/** An error from the payment provider's SDK: a refusal, or no answer at all. */
export function isProviderError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/**
 * What to tell the user when the payment provider refused a request: its own message when it is
 * about the request (invalid, declined, rate-limited, failed on its side); undefined when the
 * fault is ours or the network's (a wrong key, no connection), which the user cannot act on.
 */
export function providerMessage(error: unknown): string | undefined {
  if (!(error instanceof Stripe.errors.StripeError)) return undefined;
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError ||
    error instanceof Stripe.errors.StripeConnectionError
  ) {
    return undefined;
  }
  return error.message || undefined;
}
