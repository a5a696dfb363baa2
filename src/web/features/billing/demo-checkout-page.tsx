import { Link, useNavigate, useSearchParams } from 'react-router';
import { plans } from '#domain/plans/plans.ts';
import { usePublicConfig } from '#web/api/public-config.tsx';
import { notify } from '#web/components/notify.ts';
import { PlanFeatures } from '#web/components/plan-features.tsx';
import { RequireUser } from '#web/components/require-user.tsx';
import { useConfirmDemoCheckout, useDemoCheckout } from './billing-api';

/**
 * /billing/demo-checkout: demo billing's stand-in for the provider's checkout, used only when no
 * payment provider is configured. It says plainly that no money is taken; confirming applies
 * the plan on the server the way a provider event does.
 */
export function DemoCheckoutPage() {
  const { billingMode } = usePublicConfig();
  if (billingMode !== 'demo') {
    // With a payment provider there is no demo checkout, and the server refuses one too.
    return (
      <section className="page narrow" aria-labelledby="demo-checkout-title">
        <h1 id="demo-checkout-title">Page not found</h1>
        <p>Plans on this server are paid through the payment provider’s checkout.</p>
        <Link className="button button-primary" to="/wholesalers">
          See the plans
        </Link>
      </section>
    );
  }
  return (
    <RequireUser>
      <DemoCheckout />
    </RequireUser>
  );
}

function DemoCheckout() {
  const [params] = useSearchParams();
  const session = params.get('session');
  const checkout = useDemoCheckout(session);
  const confirm = useConfirmDemoCheckout();
  const navigate = useNavigate();

  let content;
  if (!session || checkout.isError) {
    content = (
      <div className="card demo-checkout-card" role="alert">
        <p>{checkout.error?.message ?? 'This demo checkout link is invalid or has expired. Choose your plan again.'}</p>
        <Link className="button button-primary" to="/wholesalers">
          Choose a plan
        </Link>
      </div>
    );
  } else if (checkout.isPending) {
    content = (
      <p className="loading" role="status">
        Loading...
      </p>
    );
  } else if (checkout.data.completed) {
    content = (
      <div className="card demo-checkout-card">
        <p>This demo checkout is complete: the {checkout.data.planName} plan was applied.</p>
        <Link className="button button-primary" to="/saved">
          Go to Saved Properties
        </Link>
      </div>
    );
  } else {
    const plan = plans.find((candidate) => candidate.id === checkout.data.plan);
    // After success the page is leaving for /saved; keep the button busy until it has.
    const busy = confirm.isPending || confirm.isSuccess;
    content = plan && (
      <div className="card demo-checkout-card">
        <h2 className="demo-checkout-plan">{plan.name} plan</h2>
        <p className="plan-price">
          <span className="plan-amount">${plan.monthlyPrice}</span>
          <span className="plan-period">/month</span>
        </p>
        <PlanFeatures features={plan.features} />
        <dl className="demo-checkout-total">
          <dt>Charged today</dt>
          <dd>$0.00 (demo)</dd>
        </dl>
        <div className="demo-checkout-actions">
          <Link className="button button-secondary" to="/wholesalers">
            Cancel
          </Link>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() =>
              confirm.mutate(session, {
                onSuccess: (result) => {
                  notify.success(
                    result.alreadyCompleted
                      ? 'This demo checkout was already confirmed'
                      : `You are now on the ${result.planName} plan (demo, no charge)`,
                  );
                  void navigate('/saved');
                },
                onError: (error) => notify.error(error.message || 'Error updating subscription'),
              })
            }
          >
            {busy ? 'Confirming...' : `Confirm ${plan.name} plan`}
          </button>
        </div>
      </div>
    );
  }

  return (
    <section className="page demo-checkout" aria-labelledby="demo-checkout-title">
      <p className="demo-checkout-eyebrow">Demo billing</p>
      <h1 id="demo-checkout-title">Demo checkout — no payment is taken</h1>
      <p className="banner banner-warning">
        This server has no payment provider configured. Confirming gives you the plan at no cost so you can try it: no
        card is asked for and nothing is charged.
      </p>
      {content}
    </section>
  );
}
