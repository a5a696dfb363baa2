import type { ReactNode } from 'react';

/** One fact: its label, its value, and a class for the value when it stands out (the range). */
export type Fact = [label: string, value: ReactNode, valueClassName?: string];

/** The figures of an offer as a description list: label above value, one fact a row. */
export function FactList({ className, facts }: { className: string; facts: Fact[] }) {
  return (
    <dl className={className}>
      {facts.map(([label, value, valueClassName]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className={valueClassName}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
