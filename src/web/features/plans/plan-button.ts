import type { PlanId } from '#domain/plans/plans.ts';

/** Who is looking at the pricing grid: the session and (when signed in) the plan, if known yet. */
export type PlanViewer =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; currentPlan: PlanId | undefined };

/**
 * What a plan card's button does:
 * - register: Free while signed out, a link to /register (§2 'Sign Up'; sign-up creates a free plan, §4);
 * - sign-in-to-subscribe: a paid plan while signed out: 'Please sign in to subscribe', then /login (§6);
 * - current: the viewer's own plan, disabled;
 * - switch-to-free: Free while on a paid plan (§4, POST /api/subscription/free);
 * - checkout: a paid plan that is not the viewer's (§4 Subscribe);
 * - loading: the session or the plan is not known yet, so no choice is offered;
 * - unavailable: a paid plan on a site that takes no payments (production without a provider).
 */
export type PlanButtonAction =
  'register' | 'sign-in-to-subscribe' | 'current' | 'switch-to-free' | 'checkout' | 'loading' | 'unavailable';

export interface PlanButton {
  action: PlanButtonAction;
  label: string;
  disabled: boolean;
}

/** §2 plan button: 'Sign Up' when signed out, 'Current Plan' for the user's plan, otherwise 'Subscribe Now'. */
export function planButton(plan: PlanId, viewer: PlanViewer, paidPlansSold = true): PlanButton {
  const currentPlan = viewer.status === 'signed-in' ? viewer.currentPlan : undefined;
  if (!paidPlansSold && plan !== 'free' && currentPlan !== plan) {
    return { action: 'unavailable', label: 'Unavailable', disabled: true };
  }
  if (viewer.status === 'signed-out') {
    return { action: plan === 'free' ? 'register' : 'sign-in-to-subscribe', label: 'Sign Up', disabled: false };
  }
  if (viewer.status === 'loading' || viewer.currentPlan === undefined) {
    return { action: 'loading', label: 'Loading...', disabled: true };
  }
  if (viewer.currentPlan === plan) return { action: 'current', label: 'Current Plan', disabled: true };
  if (plan === 'free') return { action: 'switch-to-free', label: 'Subscribe Now', disabled: false };
  return { action: 'checkout', label: 'Subscribe Now', disabled: false };
}
