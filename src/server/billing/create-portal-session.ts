import type Stripe from 'stripe';
import type { Database } from '../db/database';
import { subscriptions } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import type { Env } from '../env';
import { Refusal } from '../http/refusal';
import { appLink } from './create-checkout';
import { refuseWhenProviderFails } from './refuse-when-provider-fails';

/**
 * Manage billing: a session of the provider's customer portal (invoices, card, cancel), back to
 * /saved. 409 without a billing account; 502 when the provider fails.
 */
export async function createPortalSession(
  { env, db, stripe }: { env: Env; db: Database; stripe: Stripe },
  workspaceId: string,
): Promise<{ url: string }> {
  const [row] = await db
    .select({ customerId: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(inWorkspace(subscriptions, workspaceId));
  const customerId = row?.customerId;
  if (!customerId) throw new Refusal(409, 'There is no billing account for you yet. Subscribe to a plan first.');
  const session = await refuseWhenProviderFails(
    'a billing portal session',
    'Could not open billing management. Please try again.',
    () => stripe.billingPortal.sessions.create({ customer: customerId, return_url: appLink(env, '/saved') }),
  );
  return { url: session.url };
}
