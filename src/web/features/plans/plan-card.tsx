import { Link } from 'react-router';
import type { Plan } from '#domain/plans/plans.ts';
import { PlanFeatures } from '#web/components/plan-features.tsx';
import type { PlanButton } from './plan-button';

interface PlanCardProps {
  plan: Plan;
  /** null: no button (a member who may not change the workspace's plan, on another plan than this). */
  button: PlanButton | null;
  popular: boolean;
  /** True while this card's own action (checkout or switching to Free) is under way. */
  busy: boolean;
  /** True while any plan action is under way: one change at a time. */
  locked: boolean;
  onChoose: () => void;
}

/** A pricing card: name, monthly price, property limit, features and the plan button (§2). */
export function PlanCard({ plan, button, popular, busy, locked, onChoose }: PlanCardProps) {
  const headingId = `plan-${plan.id}-name`;
  const isCurrent = button?.action === 'current';
  const className = ['card', 'plan-card', popular && 'plan-card-popular', isCurrent && 'plan-card-current']
    .filter(Boolean)
    .join(' ');
  const buttonClass = `button button-block ${popular ? 'button-primary' : 'button-secondary'}`;

  return (
    <article className={className} aria-labelledby={headingId}>
      {popular && <p className="plan-badge">MOST POPULAR</p>}
      <h3 id={headingId} className="plan-name">
        {plan.name}
      </h3>
      <p className="plan-price">
        <span className="plan-amount">${plan.monthlyPrice}</span>
        <span className="plan-period">/month</span>
      </p>
      <p className="plan-limit">
        {/* The limit reads 'Unlimited' when infinite, otherwise the number, then 'Properties' (§2). */}
        <strong>{plan.propertyLimit === Infinity ? 'Unlimited' : plan.propertyLimit}</strong> Properties
      </p>
      <PlanFeatures features={plan.features} />
      {button && (
        <div className="plan-action">
          {button.action === 'register' ? (
            <Link to="/register" className={buttonClass}>
              {button.label}
            </Link>
          ) : (
            <button
              type="button"
              className={buttonClass}
              disabled={button.disabled || locked}
              aria-busy={busy || undefined}
              onClick={onChoose}
            >
              {busy ? busyLabel(button) : button.label}
            </button>
          )}
        </div>
      )}
    </article>
  );
}

function busyLabel(button: PlanButton): string {
  return button.action === 'switch-to-free' ? 'Switching...' : 'Redirecting...';
}
