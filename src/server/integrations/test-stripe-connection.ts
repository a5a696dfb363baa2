import { integrationMessages } from '#domain/integrations/integration-messages.ts';
import type { AppContext } from '../app-context';
import { refuseWhenUpstreamFails } from '../http/outbound/upstream-error';
import { Refusal } from '../http/refusal';
import { callStripe } from './check-connections';

/**
 * The Test page's payment provider check (spec §2): a real call with the server's secret key.
 * 409 when no provider is configured (demo billing); 502 quoting the provider's answer.
 */
export async function testStripeConnection({
  env,
  stripe,
}: Pick<AppContext, 'env' | 'stripe'>): Promise<{ message: string; detail: string }> {
  if (!stripe) throw new Refusal(409, 'Stripe is not configured on this server: billing runs in demo mode');
  const { livemode } = await refuseWhenUpstreamFails(
    'Stripe test',
    (error) => `${integrationMessages.stripeTestFailed}: ${error.message}`,
    () => callStripe(stripe, env),
  );
  return {
    message: integrationMessages.stripeTestPassed,
    detail: `Stripe answered (${livemode ? 'live' : 'test'} mode)`,
  };
}
