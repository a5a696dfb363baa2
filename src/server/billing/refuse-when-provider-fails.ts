import Stripe from 'stripe';
import { Refusal } from '../http/refusal';
import { logger } from '../observability/logger';

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

/**
 * Runs `work` (calls to the payment provider's SDK). When the provider refuses or cannot be
 * reached, the request is refused with 502 and the provider's own message when the user can act
 * on it, else `fallback`. A wrong or restricted key is logged as an error (the operator must fix
 * the configuration); the rest as warnings. Any other error passes through unchanged.
 */
export async function refuseWhenProviderFails<T>(action: string, fallback: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    const message = providerMessage(error);
    if (message) {
      logger.warn(`billing: the payment provider refused ${action}: ${message}`);
    } else if (error instanceof Stripe.errors.StripeConnectionError) {
      logger.warn(`billing: the payment provider could not be reached: ${error.message}`);
    } else {
      logger.error(`billing: the payment provider refused our credentials (${error.type}): ${error.message}`);
    }
    throw new Refusal(502, message ?? fallback, { cause: error });
  }
}
