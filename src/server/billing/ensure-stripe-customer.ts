import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AuthUser } from '../auth/require-user';
import type { Database } from '../db/database';
import { subscriptions } from '../db/schema';

/**
 * The provider's customer for this user: created once (with the user's e-mail and id) and kept
 * in subscriptions.stripe_customer_id, then reused for every checkout and the billing portal.
 */
export async function ensureStripeCustomer(stripe: Stripe, db: Database, user: AuthUser): Promise<string> {
  await db.insert(subscriptions).values({ userId: user.id }).onConflictDoNothing();
  const stored = await storedCustomerId(db, user.id);
  if (stored) return stored;

  const customer = await stripe.customers.create({ email: user.email, metadata: { userId: user.id } });
  // Only if no other request stored one meanwhile; the loser's customer stays unused.
  const [saved] = await db
    .update(subscriptions)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(subscriptions.userId, user.id), isNull(subscriptions.stripeCustomerId)))
    .returning({ customerId: subscriptions.stripeCustomerId });
  if (saved?.customerId) return saved.customerId;
  const winner = await storedCustomerId(db, user.id);
  if (!winner) throw new Error(`could not store the customer for user ${user.id}`);
  return winner;
}

async function storedCustomerId(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row?.customerId ?? null;
}
