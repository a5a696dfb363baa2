import { useSearchParams } from 'react-router';
import { plans, type PlanId } from '#domain/plans/plans.ts';

function selectedPlan(): string | null {
  try {
    return window.localStorage.getItem('selectedPlan');
  } catch {
    return null;
  }
}

/**
 * Back from the provider's checkout (/saved?checkout=success): the payment is made, but only the
 * provider's webhook grants the plan, so say it is on its way until the live feed brings it.
 */
export function CheckoutReturnNotice({ plan }: { plan: PlanId | undefined }) {
  const [params, setParams] = useSearchParams();
  if (params.get('checkout') !== 'success') return null;

  const expected = selectedPlan();
  const arrived = plan !== undefined && plan !== 'free' && (expected === null || plan === expected);
  const planName = plans.find((candidate) => candidate.id === plan)?.name;
  const dismiss = () => {
    const next = new URLSearchParams(params);
    next.delete('checkout');
    next.delete('session_id');
    setParams(next, { replace: true });
  };

  return (
    <div className={`banner checkout-return ${arrived ? 'checkout-return-done' : 'banner-info'}`} role="status">
      <p>
        {arrived
          ? `Payment confirmed: you are on the ${planName} plan.`
          : 'Thank you! The payment provider is confirming your payment; your plan updates here by itself in a moment.'}
      </p>
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={dismiss}>
        ×
      </button>
    </div>
  );
}
