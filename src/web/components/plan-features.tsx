import { CheckIcon } from './icons';

/** A plan's feature list, each with a check mark: the pricing cards and the demo checkout show the same. */
export function PlanFeatures({ features }: { features: readonly string[] }) {
  return (
    <ul className="plan-features">
      {features.map((feature) => (
        <li key={feature}>
          <CheckIcon />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
