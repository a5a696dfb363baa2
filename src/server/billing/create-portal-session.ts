import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../db/database';
import { subscriptions } from '../db/schema';
import type { Env } from '../env';
import { BillingError } from './billing-error';
import { appLink } from './create-checkout';

/** Manage billing: a session of the provider's customer portal (invoices, card, cancel), back to /saved. */
export async function createPortalSession(
  { env, db, stripe }: { env: Env; db: Database; stripe: Stripe },
  userId: string,
): Promise<{ url: string }> {
  const [row] = await db
    .select({ customerId: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  if (!row?.customerId)
    throw new BillingError('There is no billing account for you yet. Subscribe to a plan first.', 409);
  const session = await stripe.billingPortal.sessions.create({
    customer: row.customerId,
    return_url: appLink(env, '/saved'),
  });
  return { url: session.url };
}
