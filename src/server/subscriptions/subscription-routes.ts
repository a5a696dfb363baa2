import { count } from 'drizzle-orm';
import { Hono } from 'hono';
import { savedPropertyLimit } from '#domain/plans/plans.ts';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
import { cancelProviderSubscription } from '../billing/cancel-provider-subscription';
import { refuseOwnerDowngrade } from '../billing/refuse-owner-downgrade';
import type { Database } from '../db/database';
import { savedProperties } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { getSubscription, setFreePlan, type Subscription } from './subscription-store';

async function describePlan(db: Database, workspaceId: string, subscription: Subscription) {
  const [saved] = await db
    .select({ count: count() })
    .from(savedProperties)
    .where(inWorkspace(savedProperties, workspaceId));
  const limit = savedPropertyLimit(subscription.plan);
  return {
    plan: subscription.plan,
    currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
    savedCount: saved?.count ?? 0,
    // JSON has no Infinity: null means unlimited.
    limit: Number.isFinite(limit) ? limit : null,
  };
}

/**
 * /api/subscription: the workspace's plan and usage (every member reads it), and Downgrade to Free
 * (spec §4), which is billing: the Owner's alone (issue 26).
 */
export function subscriptionRoutes(context: AppContext) {
  const { db } = context.database;
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .get('/', async (c) => {
      const { workspaceId } = c.var.member;
      return c.json(await describePlan(db, workspaceId, await getSubscription(db, workspaceId)));
    })
    .post('/free', requireRole('billing'), async (c) => {
      const { workspaceId } = c.var.member;
      // More members than Free's one seat: the Owner chooses who stays before the plan changes.
      await refuseOwnerDowngrade(db, workspaceId, 'free');
      // A paid subscription is cancelled at the provider first, so the user is not billed again;
      // if the provider refuses, cancelProviderSubscription refuses (502) and the plan is kept.
      await cancelProviderSubscription(context.stripe, db, workspaceId);
      return c.json(await describePlan(db, workspaceId, await setFreePlan(db, workspaceId)), 200);
    });
}
