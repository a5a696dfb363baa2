import { useEffect } from 'react';
import { formatMoney } from '#domain/money/format-money.ts';
import type { RepairItem } from '#domain/repairs/repair-catalog.ts';
import { totalSelectedRepairCost } from '#domain/repairs/repair-state.ts';

interface RepairsChecklistProps {
  repairs: readonly RepairItem[];
  /** Costs as typed, by repair name, where they differ from the cost (mid-edit, or refused). */
  costTexts: Readonly<Record<string, string>>;
  costErrors: Readonly<Record<string, string>> | undefined;
  onToggle: (name: string) => void;
  onCostType: (name: string, text: string) => void;
  onCostLeave: (name: string) => void;
}

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const checkboxId = (name: string) => `repair-${slug(name)}`;

/** §2 Required Repairs: a checklist whose selected items show an editable cost, and the total. */
export function RepairsChecklist({
  repairs,
  costTexts,
  costErrors,
  onToggle,
  onCostType,
  onCostLeave,
}: RepairsChecklistProps) {
  // Ticked on the server-drawn page before it hydrated, a box stays ticked on screen but not in
  // the calculator's state (no cost field, no total, an offer without it): handed on once hydrated.
  useEffect(() => {
    for (const repair of repairs) {
      const box = document.getElementById(checkboxId(repair.name));
      if (box instanceof HTMLInputElement && box.checked !== repair.isSelected) onToggle(repair.name);
    }
    // Once, as the checklist is first drawn: afterwards the boxes follow the calculator's state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <fieldset className="card">
      <legend className="card-title">
        <h2>Required Repairs</h2>
      </legend>
      <ul className="repairs">
        {repairs.map((repair) => {
          const id = checkboxId(repair.name);
          const error = costErrors?.[repair.name];
          return (
            <li key={repair.name} className={repair.isSelected ? 'repair repair-selected' : 'repair'}>
              <div className="repair-toggle">
                <input
                  type="checkbox"
                  id={id}
                  checked={repair.isSelected}
                  aria-describedby={`${id}-range`}
                  onChange={() => onToggle(repair.name)}
                />
                <label htmlFor={id}>
                  <span className="repair-name">{repair.name}</span>
                  <span className="repair-description">{repair.description}</span>
                </label>
              </div>
              <span id={`${id}-range`} className="repair-range">
                {formatMoney(repair.minCost)} – {formatMoney(repair.maxCost)}
              </span>
              {repair.isSelected && (
                <div className="repair-cost">
                  <label htmlFor={`${id}-cost`} className="visually-hidden">
                    {repair.name} cost
                  </label>
                  <div className="prefixed-input">
                    <span className="input-prefix" aria-hidden="true">
                      $
                    </span>
                    <input
                      id={`${id}-cost`}
                      inputMode="decimal"
                      value={costTexts[repair.name] ?? String(repair.cost)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-cost-error` : undefined}
                      onChange={(event) => onCostType(repair.name, event.target.value)}
                      onBlur={() => onCostLeave(repair.name)}
                    />
                  </div>
                  {error && (
                    <p id={`${id}-cost-error`} className="field-error" role="alert">
                      {error}
                    </p>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <aside className="tips" aria-label="Estimating tips">
        <h3>Estimating tips</h3>
        <ul>
          <li>Walk the house and note everything a buyer's inspector would flag.</li>
          <li>Older roofs, HVAC and electrical panels near the end of their life count as repairs.</li>
          <li>Use the upper end of a range for older homes or when you are unsure.</li>
        </ul>
      </aside>
      <p className="repairs-total">
        <span>Total repairs</span>
        <strong aria-live="polite">{formatMoney(totalSelectedRepairCost(repairs))}</strong>
      </p>
    </fieldset>
  );
}
