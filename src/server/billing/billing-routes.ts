import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { planFromName } from '#domain/plans/plans.ts';
import { ExtraSeatsRequestSchema } from '#domain/workspaces/seats.ts';
import type { AppContext } from '../app-context';
import { requireRole, requireUser, type AuthVariables } from '../auth/require-user';
import { validate } from '../http/validate';
import { webhookDeliveriesRefused } from '../observability/metrics';
import { readWorkspace } from '../workspaces/read-workspace';
import { applyBillingEvent, billingEventSeen } from './apply-billing-event';
import { createCheckout, planName } from './create-checkout';
import { createPortalSession } from './create-portal-session';
import { readDemoCheckoutToken, type DemoCheckout } from './demo-checkout-token';
import type { PaidPlanId } from './plan-prices';
import { receiveStripeWebhook } from './receive-stripe-webhook';
import { refuseOwnerDowngrade } from './refuse-owner-downgrade';
import { setExtraSeats } from './set-extra-seats';

const DEMO_LINK_INVALID = 'This demo checkout link is invalid or has expired. Choose your plan again.';

const CheckoutRequestSchema = z.object({ plan: z.string({ error: 'Choose a plan' }) });
const DemoSessionSchema = z.object({ session: z.string({ error: 'The demo checkout session is missing' }).min(1) });

/**
 * /api/billing: checkout for a paid plan (Subscribe, spec §4), the provider's webhook, Manage
 * billing (the provider's customer portal), a Pro workspace's extra seats and, when no provider is
 * configured, demo billing.
 * The plan is the workspace's, and only its Owner may change it (issue 26: the 'billing' action).
 */
export function billingRoutes(context: AppContext) {
  const { env } = context;
  const { db } = context.database;
  const stripe = context.stripe;
  if (env.STRIPE_SECRET_KEY && !stripe)
    throw new Error('STRIPE_SECRET_KEY is set but the app context has no Stripe client');
  const signedIn = requireUser(context);
  const owner = requireRole('billing');
  const notFound = (c: Context) => c.json({ error: 'Not found' }, 404);

  return (
    new Hono<{ Variables: AuthVariables }>()
      // The provider's signed events. The signature covers the exact bytes, so the raw body is
      // read before anything parses it.
      .post('/stripe-webhook', bodyLimit({ maxSize: 256 * 1024 }), async (c) => {
        if (!stripe || !env.STRIPE_WEBHOOK_SECRET) {
          webhookDeliveriesRefused.inc({ provider: 'stripe', reason: 'not-configured' });
          return notFound(c);
        }
        const payload = Buffer.from(await c.req.arrayBuffer());
        const { outcome } = await receiveStripeWebhook(
          { env, db, stripe },
          env.STRIPE_WEBHOOK_SECRET,
          payload,
          c.req.header('stripe-signature'),
        );
        return c.json({ received: true, outcome });
      })

      .post('/checkout', signedIn, owner, validate('json', CheckoutRequestSchema), async (c) => {
        const requested = c.req.valid('json').plan;
        const plan = planFromName(requested);
        if (plan !== 'personal' && plan !== 'pro') return c.json({ error: `Invalid plan: ${requested}` }, 400);
        return c.json(
          await createCheckout(
            { env, db, stripe, serverSecret: context.serverSecret },
            c.var.member.workspaceId,
            c.var.user,
            plan,
          ),
          200,
        );
      })

      // Extra seats (issue 26 §6): answers with the workspace as the team page shows it.
      .put('/seats', signedIn, owner, validate('json', ExtraSeatsRequestSchema), async (c) => {
        await setExtraSeats({ env, db, stripe }, c.var.member.workspaceId, c.req.valid('json').extraSeats);
        return c.json(await readWorkspace(db, c.var.member), 200);
      })

      .post('/portal', signedIn, owner, async (c) => {
        if (!stripe) return notFound(c);
        return c.json(await createPortalSession({ env, db, stripe }, c.var.member.workspaceId), 200);
      })

      // Demo billing: only when no provider is configured, and in production only with DEMO_BILLING=1,
      // so it can never stand in for a payment on a public site.
      .get('/demo/checkout-session', signedIn, owner, validate('query', DemoSessionSchema), async (c) => {
        if (env.billingMode !== 'demo') return notFound(c);
        const checkout = readDemoCheckoutToken(context.serverSecret, c.req.valid('query').session);
        if (!isOwnCheckout(checkout, c.var.user.id, c.var.member.workspaceId))
          return c.json({ error: DEMO_LINK_INVALID }, 400);
        return c.json(
          {
            plan: checkout.plan,
            planName: planName(checkout.plan),
            expiresAt: new Date(checkout.expiresAt).toISOString(),
            completed: await billingEventSeen(db, demoEventId(checkout.id)),
          },
          200,
        );
      })

      .post('/demo/confirm', signedIn, owner, validate('json', DemoSessionSchema), async (c) => {
        if (env.billingMode !== 'demo') return notFound(c);
        const checkout = readDemoCheckoutToken(context.serverSecret, c.req.valid('json').session);
        if (!isOwnCheckout(checkout, c.var.user.id, c.var.member.workspaceId))
          return c.json({ error: DEMO_LINK_INVALID }, 400);
        const plan: PaidPlanId = checkout.plan;
        // Members may have joined since the checkout began: a plan with too few seats is refused still.
        await refuseOwnerDowngrade(db, checkout.workspaceId, plan);
        // The same path a provider event takes: recorded once, applied unless a newer state is held.
        const { outcome } = await applyBillingEvent(
          db,
          { id: demoEventId(checkout.id), type: 'demo.checkout.completed' },
          {
            target: { workspaceId: checkout.workspaceId },
            state: { plan, currentPeriodEnd: null, subscriptionId: null, customerId: null, observedAt: new Date() },
          },
        );
        return c.json({ plan, planName: planName(plan), alreadyCompleted: outcome === 'duplicate' }, 200);
      })
  );
}

/** A demo checkout is confirmed by the Owner who started it, in the workspace it was started for. */
function isOwnCheckout(checkout: DemoCheckout | null, userId: string, workspaceId: string): checkout is DemoCheckout {
  return checkout !== null && checkout.userId === userId && checkout.workspaceId === workspaceId;
}

function demoEventId(checkoutId: string) {
  return `demo_${checkoutId}`;
}
