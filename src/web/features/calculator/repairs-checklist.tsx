import { useState } from 'react';
import { formatMoney } from '../../../domain/money/format-money';
import type { RepairItem } from '../../../domain/repairs/repair-catalog';
import { totalSelectedRepairCost } from '../../../domain/repairs/repair-state';

interface RepairsChecklistProps {
  repairs: readonly RepairItem[];
  onToggle: (name: string) => void;
  onCostChange: (name: string, cost: number) => void;
}

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** §2 Required Repairs: a checklist whose selected items show an editable cost, and the total. */
export function RepairsChecklist({ repairs, onToggle, onCostChange }: RepairsChecklistProps) {
  return (
    <fieldset className="card">
      <legend className="card-title">
        <h2>Required Repairs</h2>
      </legend>
      <ul className="repairs">
        {repairs.map((repair) => {
          const id = `repair-${slug(repair.name)}`;
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
                  <span className="input-prefix" aria-hidden="true">
                    $
                  </span>
                  <RepairCostInput
                    id={`${id}-cost`}
                    cost={repair.cost}
                    onCostChange={(cost) => onCostChange(repair.name, cost)}
                  />
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

export const repairCostMessage = 'Enter a repair cost of $0 or more';

/**
 * A repair's cost: the field may be empty or half-typed while it has the focus (the total keeps
 * the last valid cost); on leaving it, empty means $0 and anything else invalid says so.
 */
function RepairCostInput({
  id,
  cost,
  onCostChange,
}: {
  id: string;
  cost: number;
  onCostChange: (cost: number) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const parse = (text: string) => {
    const value = Number(text);
    return text.trim() !== '' && Number.isFinite(value) && value >= 0 ? value : null;
  };
  return (
    <>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={100}
        value={draft ?? String(cost)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          const value = parse(event.target.value);
          if (value !== null) {
            setInvalid(false);
            onCostChange(value);
          }
        }}
        onBlur={() => {
          if (draft === null) return;
          const value = draft.trim() === '' ? 0 : parse(draft);
          if (value === null) {
            setInvalid(true);
            return;
          }
          setInvalid(false);
          setDraft(null);
          onCostChange(value);
        }}
      />
      {invalid && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {repairCostMessage}
        </p>
      )}
    </>
  );
}
