import { count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { savedPropertyLimit } from '../../domain/plans/plans';
import type { AppContext } from '../app-context';
import { requireUser, type AuthVariables } from '../auth/require-user';
import { cancelProviderSubscription } from '../billing/cancel-provider-subscription';
import type { Database } from '../db/database';
import { savedProperties } from '../db/schema';
import { getSubscription, setFreePlan, type Subscription } from './subscription-store';

async function describePlan(db: Database, userId: string, subscription: Subscription) {
  const [saved] = await db.select({ count: count() }).from(savedProperties).where(eq(savedProperties.userId, userId));
  const limit = savedPropertyLimit(subscription.plan);
  return {
    plan: subscription.plan,
    currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
    savedCount: saved?.count ?? 0,
    // JSON has no Infinity: null means unlimited.
    limit: Number.isFinite(limit) ? limit : null,
  };
}

/** /api/subscription: the signed-in user's plan and usage, and Downgrade to Free (spec §4). */
export function subscriptionRoutes(context: AppContext) {
  const { db } = context.database;
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .get('/', async (c) => {
      const userId = c.var.user.id;
      return c.json(await describePlan(db, userId, await getSubscription(db, userId)));
    })
    .post('/free', async (c) => {
      const userId = c.var.user.id;
      // A paid subscription is cancelled at the provider first, so the user is not billed again;
      // if the provider refuses, cancelProviderSubscription refuses (502) and the plan is kept.
      await cancelProviderSubscription(context.stripe, db, userId);
      return c.json(await describePlan(db, userId, await setFreePlan(db, userId)), 200);
    });
}
