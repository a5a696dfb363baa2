import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { planMessages, plans, type Plan, type PlanId } from '#domain/plans/plans.ts';
import { workspaceMessages } from '#domain/workspaces/roles.ts';
import { usePublicConfig } from '#web/api/public-config.tsx';
import { useSession } from '#web/api/use-session.ts';
import { useSubscription } from '#web/api/use-subscription.ts';
import { useMay } from '#web/api/use-workspace.ts';
import { WHOLESALER_CALCULATOR_PATH } from '#web/components/calculator-path.ts';
import { DowngradeDialog } from '#web/components/downgrade-dialog.tsx';
import { BookmarkIcon, BoltIcon, SlidersIcon } from '#web/components/icons.tsx';
import { notify } from '#web/components/notify.ts';
import { planButton, type PlanButton, type PlanViewer } from './plan-button';
import { PlanCard } from './plan-card';
import { useStartCheckout } from './plans-api';

const features = [
  {
    title: 'Instant Calculations',
    text: 'Enter an address, the market value and the repairs it needs, and see a low-to-high cash offer range in one click.',
    Icon: BoltIcon,
  },
  {
    title: 'Customizable Formula',
    text: 'Pick the formula that fits the deal, from Standard Wholesale to Fix & Flip, each with its own ARV and repair multipliers and profit range.',
    Icon: SlidersIcon,
  },
  {
    title: 'Save Properties',
    text: 'Keep each deal with its repairs, offer range and seller contact in one list, and export it to your CRM or a spreadsheet.',
    Icon: BookmarkIcon,
  },
] as const;

const steps = [
  {
    title: 'Enter Property Details',
    text: 'Type the address and the market value. Not sure of the value? Compare estimates from three valuation sites.',
  },
  {
    title: 'Customize Repairs',
    text: 'Tick the repairs the property needs and adjust each cost to match your own numbers.',
  },
  {
    title: 'Get Your Offer',
    text: 'See your cash offer range instantly, then save the property or send it on to your CRM.',
  },
] as const;

// The Personal plan is badged MOST POPULAR (§2).
const popularPlan: PlanId = 'personal';

/** The wholesaler landing page at /wholesalers: hero, features, plans, how it works, call to action (§2). */
export function WholesalersPage() {
  // Signed in, the calls to create an account become the way back to one's own work.
  const signedIn = useSession().user !== null;
  return (
    <div className="landing">
      <section className="landing-hero" aria-labelledby="landing-title">
        <p className="landing-eyebrow">For real estate wholesalers</p>
        <h1 id="landing-title">Revolutionize Your Wholesaling Business</h1>
        <p className="landing-lead">
          Price deals in seconds with a formula you choose, make consistent cash offers and keep every property in one
          place.
        </p>
        <div className="landing-actions">
          {signedIn ? (
            <Link to="/saved" className="button button-large landing-button-light">
              Open Saved Properties
            </Link>
          ) : (
            <Link to="/register" className="button button-large landing-button-light">
              Start Free Trial
            </Link>
          )}
          <Link to={WHOLESALER_CALCULATOR_PATH} className="button button-large landing-button-outline">
            Try Calculator
          </Link>
        </div>
        <p className="landing-note">The Free plan saves up to 3 properties. No credit card needed.</p>
      </section>

      <section className="landing-section" aria-labelledby="features-title">
        <h2 id="features-title" className="landing-section-title">
          Everything You Need to Price a Deal
        </h2>
        <ul className="feature-grid">
          {features.map(({ title, text, Icon }) => (
            <li key={title} className="card feature-card">
              <span className="feature-icon">
                <Icon />
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <PricingSection />

      <section className="landing-section" aria-labelledby="how-title">
        <h2 id="how-title" className="landing-section-title">
          How It Works
        </h2>
        <ol className="steps">
          {steps.map(({ title, text }, index) => (
            <li key={title} className="step">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="landing-cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Ready to Make Your Next Offer?</h2>
        {signedIn ? (
          <>
            <p>Your account is ready: price the next property and save it with its offer.</p>
            <Link to={WHOLESALER_CALCULATOR_PATH} className="button button-large landing-button-light">
              Open the Calculator
            </Link>
          </>
        ) : (
          <>
            <p>Create a free account in a minute and save your first three properties.</p>
            <Link to="/register" className="button button-large landing-button-light">
              Create Your Free Account
            </Link>
          </>
        )}
      </section>
    </div>
  );
}

function PricingSection() {
  const navigate = useNavigate();
  const session = useSession();
  const subscription = useSubscription(session.user !== null);
  const [confirmingFree, setConfirmingFree] = useState(false);
  const paidPlansSold = usePublicConfig().billingMode !== 'unavailable';
  const checkout = useStartCheckout({ onError: (error) => notify.error(error.message) });
  // Only the workspace's Owner changes its plan (issue 26); others see which plan it is on, and why no more.
  const changesPlan = useMay()('billing') || session.user === null;

  const viewer: PlanViewer = session.isPending
    ? { status: 'loading' }
    : session.user === null
      ? { status: 'signed-out' }
      : // A plan that cannot be loaded is treated as free (§4).
        { status: 'signed-in', currentPlan: subscription.data?.plan ?? (subscription.isError ? 'free' : undefined) };

  // After a successful checkout call the browser is leaving; keep that card busy until it does.
  const checkoutPlan = checkout.isPending || checkout.isSuccess ? checkout.variables : undefined;
  const locked = checkoutPlan !== undefined;

  function choose(plan: Plan) {
    const { action } = planButton(plan.id, viewer, paidPlansSold);
    if (action === 'sign-in-to-subscribe') {
      // Subscribing requires sign-in (§6); come back here afterwards.
      notify.error('Please sign in to subscribe');
      void navigate('/login', { state: { from: '/wholesalers' } });
    } else if (action === 'switch-to-free') {
      // A paid plan ends at once: ask first, as /saved's Downgrade to Free does.
      setConfirmingFree(true);
    } else if (action === 'checkout') {
      checkout.mutate(plan.id);
    }
  }

  return (
    <section className="landing-section" id="pricing" aria-labelledby="pricing-title">
      <h2 id="pricing-title" className="landing-section-title">
        Choose Your Plan
      </h2>
      <p className="landing-section-lead">Start free and upgrade when your pipeline grows.</p>
      <ul className="plan-grid">
        {plans.map((plan) => (
          <li key={plan.id}>
            <PlanCard
              plan={plan}
              button={shownButton(planButton(plan.id, viewer, paidPlansSold), changesPlan)}
              popular={plan.id === popularPlan}
              busy={checkoutPlan === plan.id}
              locked={locked}
              onChoose={() => choose(plan)}
            />
          </li>
        ))}
      </ul>
      {!changesPlan && <p className="plan-footnote">{workspaceMessages.billingOwnerOnly}</p>}
      {!paidPlansSold && <p className="plan-footnote">{planMessages.paidPlansUnavailable}</p>}
      <p className="plan-footnote">Prices are in US dollars per month. You can switch back to Free at any time.</p>
      <DowngradeDialog
        open={confirmingFree}
        onClose={() => setConfirmingFree(false)}
        messages={{ success: 'Successfully switched to Free plan', failure: 'Error updating subscription' }}
      />
    </section>
  );
}

/** A member who may not change the plan keeps only the current plan's (disabled) button. */
function shownButton(button: PlanButton, changesPlan: boolean): PlanButton | null {
  return changesPlan || button.action === 'current' ? button : null;
}
