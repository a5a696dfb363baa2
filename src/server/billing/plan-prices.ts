import type { PlanId } from '#domain/plans/plans.ts';
import type { Env } from '../env';

export type PaidPlanId = Exclude<PlanId, 'free'>;

type PriceEnv = Pick<Env, 'STRIPE_PERSONAL_PRICE_ID' | 'STRIPE_PRO_PRICE_ID'>;

/** The provider's price id for a paid plan (STRIPE_PERSONAL_PRICE_ID, STRIPE_PRO_PRICE_ID). */
export function priceIdForPlan(env: PriceEnv, plan: PaidPlanId): string {
  const priceId = plan === 'pro' ? env.STRIPE_PRO_PRICE_ID : env.STRIPE_PERSONAL_PRICE_ID;
  // env.ts refuses to start with a secret key but without both price ids.
  if (!priceId) throw new Error(`no price id configured for the ${plan} plan`);
  return priceId;
}

/** The paid plan a provider price id stands for; undefined for a price this app does not sell. */
export function planForPriceId(env: PriceEnv, priceId: string): PaidPlanId | undefined {
  if (priceId === env.STRIPE_PRO_PRICE_ID) return 'pro';
  if (priceId === env.STRIPE_PERSONAL_PRICE_ID) return 'personal';
  return undefined;
}
