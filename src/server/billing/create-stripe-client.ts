import Stripe from 'stripe';
import type { Env } from '../env';

/**
 * The payment provider's official SDK, or undefined when no STRIPE_SECRET_KEY is set (demo
 * billing). STRIPE_API_URL points it at another host, such as the local fake in tests.
 */
export function createStripeClient(env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe | undefined {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  const apiUrl = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined;
  const protocol = apiUrl?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(env.STRIPE_SECRET_KEY, {
    ...(apiUrl && { host: apiUrl.hostname, port: apiUrl.port || (protocol === 'http' ? 80 : 443), protocol }),
    // A request the provider did not answer is retried with the same idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'cash-offer-calculator' },
  });
}
