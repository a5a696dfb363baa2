import { and, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AuthUser } from '../auth/require-user';
import type { Database } from '../db/database';
import { subscriptions } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';

/**
 * The provider's customer for this workspace: created once (with the acting Owner's e-mail, and the
 * workspace's id) and kept in the workspace's subscriptions.stripe_customer_id, then reused for
 * every checkout and the billing portal.
 */
export async function ensureStripeCustomer(
  stripe: Stripe,
  db: Database,
  workspaceId: string,
  owner: AuthUser,
): Promise<string> {
  await db.insert(subscriptions).values({ workspaceId }).onConflictDoNothing();
  const stored = await storedCustomerId(db, workspaceId);
  if (stored) return stored;

  const customer = await stripe.customers.create({ email: owner.email, metadata: { workspaceId, userId: owner.id } });
  // Only if no other request stored one meanwhile; the loser's customer stays unused.
  const [saved] = await db
    .update(subscriptions)
    .set({ stripeCustomerId: customer.id })
    .where(and(inWorkspace(subscriptions, workspaceId), isNull(subscriptions.stripeCustomerId)))
    .returning({ customerId: subscriptions.stripeCustomerId });
  if (saved?.customerId) return saved.customerId;
  const winner = await storedCustomerId(db, workspaceId);
  if (!winner) throw new Error(`could not store the customer for workspace ${workspaceId}`);
  return winner;
}

async function storedCustomerId(db: Database, workspaceId: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(inWorkspace(subscriptions, workspaceId));
  return row?.customerId ?? null;
}
