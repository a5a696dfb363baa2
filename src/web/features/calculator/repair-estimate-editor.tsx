import { flushSync } from 'react-dom';
import { formatMoney } from '#domain/money/format-money.ts';
import {
  LINE_ITEMS_MAX,
  REPAIR_CONDITION_IDS,
  REPAIR_CONDITIONS,
  repairEstimateCosts,
  type RepairCondition,
  type RepairEstimateProblem,
  type RepairMode,
} from '#domain/repairs/repair-estimate.ts';
import { SegmentedControl } from '#web/components/segmented-control.tsx';
import { SelectField } from '#web/components/select-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { emptyLineItem, readRepairEstimate, type LineItemDraft, type PerSquareFootDraft } from './calculator-state';

const modes: { value: RepairMode; label: string }[] = [
  { value: 'checklist', label: 'Checklist' },
  { value: 'per-square-foot', label: 'Per sq ft' },
  { value: 'line-items', label: 'Line items' },
];

/** How a wholesaler estimates repairs (issue 13): the checklist, per square foot, or line items. */
export function RepairModeSwitch({ value, onChange }: { value: RepairMode; onChange: (mode: RepairMode) => void }) {
  return (
    <div className="repair-mode">
      <span id="repair-mode-label" className="repair-mode-label">
        Estimate repairs by
      </span>
      <SegmentedControl options={modes} value={value} onChange={onChange} labelledBy="repair-mode-label" />
    </div>
  );
}

interface EstimateProps {
  perSquareFoot: PerSquareFootDraft;
  lineItems: LineItemDraft[];
  mode: Exclude<RepairMode, 'checklist'>;
  error?: RepairEstimateProblem;
  onPerSquareFootChange: (draft: PerSquareFootDraft) => void;
  onLineItemsChange: (items: LineItemDraft[]) => void;
}

/** The estimate's total as typed so far, or '—' while it is incomplete. */
function EstimateTotal(props: Pick<EstimateProps, 'mode' | 'perSquareFoot' | 'lineItems'>) {
  const estimate = readRepairEstimate({ repairMode: props.mode, ...props });
  return (
    <p className="repairs-total">
      <span>Total repairs</span>
      <strong aria-live="polite">
        {estimate.ok && estimate.value ? formatMoney(repairEstimateCosts(estimate.value).total) : '—'}
      </strong>
    </p>
  );
}

/**
 * A per-square-foot or line-item estimate in place of the checklist. When Get Cash Offer found
 * something wrong, it is said at its field, or under the estimate when it is about the whole.
 */
export function RepairEstimateEditor(props: EstimateProps) {
  const { mode, perSquareFoot, lineItems, error } = props;
  const errorAt = (...path: (string | number)[]) =>
    error && error.path.join('.') === path.join('.') ? error.message : undefined;
  const wholeEstimateError = error && (error.path.length === 0 || error.path.join('.') === 'items') ? error : undefined;
  const setSqft = (change: Partial<PerSquareFootDraft>) => props.onPerSquareFootChange({ ...perSquareFoot, ...change });
  const setItem = (index: number, change: Partial<LineItemDraft>) =>
    props.onLineItemsChange(lineItems.map((item, at) => (at === index ? { ...item, ...change } : item)));
  const condition = REPAIR_CONDITIONS[perSquareFoot.condition];

  return (
    <fieldset className="card" aria-describedby={wholeEstimateError ? 'repair-estimate-error' : undefined}>
      <legend className="card-title">
        <h2>Required Repairs</h2>
      </legend>
      {mode === 'per-square-foot' ? (
        <div className="repair-estimate-grid">
          <TextField
            id="estimate-square-feet"
            label="Square feet"
            value={perSquareFoot.squareFeet}
            placeholder="1,500"
            error={errorAt('squareFeet')}
            onChange={(squareFeet) => setSqft({ squareFeet })}
          />
          <SelectField
            id="estimate-condition"
            label="Condition"
            value={perSquareFoot.condition}
            placeholder="Choose a condition"
            options={REPAIR_CONDITION_IDS.map((id) => ({
              value: id,
              label: `${REPAIR_CONDITIONS[id].label} ($${REPAIR_CONDITIONS[id].min}–${REPAIR_CONDITIONS[id].max} per sq ft)`,
            }))}
            onChange={(value) => {
              if (!value) return;
              const next = REPAIR_CONDITIONS[value as RepairCondition];
              // A new condition starts at the middle of its range.
              setSqft({ condition: value as RepairCondition, ratePerSquareFoot: String((next.min + next.max) / 2) });
            }}
          />
          <TextField
            id="estimate-rate"
            label={`Cost per sq ft ($${condition.min}–${condition.max})`}
            value={perSquareFoot.ratePerSquareFoot}
            error={errorAt('ratePerSquareFoot')}
            onChange={(ratePerSquareFoot) => setSqft({ ratePerSquareFoot })}
          />
          <TextField
            id="estimate-contingency"
            label="Contingency % (10–25)"
            value={perSquareFoot.contingencyPercent}
            error={errorAt('contingencyPercent')}
            onChange={(contingencyPercent) => setSqft({ contingencyPercent })}
          />
        </div>
      ) : (
        <>
          <ol className="line-items">
            {lineItems.map((item, index) => (
              <li key={index} className="line-item">
                <TextField
                  id={`line-item-${index}-name`}
                  label={`Item ${index + 1}`}
                  value={item.name}
                  placeholder="Windows"
                  error={errorAt('items', index, 'name')}
                  onChange={(name) => setItem(index, { name })}
                />
                <TextField
                  id={`line-item-${index}-quantity`}
                  label={`Quantity (item ${index + 1})`}
                  value={item.quantity}
                  error={errorAt('items', index, 'quantity')}
                  onChange={(quantity) => setItem(index, { quantity })}
                />
                <TextField
                  id={`line-item-${index}-unit-cost`}
                  label={`Unit cost, $ (item ${index + 1})`}
                  value={item.unitCost}
                  placeholder="450"
                  error={errorAt('items', index, 'unitCost')}
                  onChange={(unitCost) => setItem(index, { unitCost })}
                />
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={`Remove item ${index + 1}`}
                  disabled={lineItems.length === 1}
                  onClick={() => {
                    // The pressed button goes with its item: the focus moves to the item now in its
                    // place (the one before, when the last was removed).
                    flushSync(() => props.onLineItemsChange(lineItems.filter((_, at) => at !== index)));
                    document.getElementById(`line-item-${Math.min(index, lineItems.length - 2)}-name`)?.focus();
                  }}
                >
                  Remove
                </button>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={lineItems.length >= LINE_ITEMS_MAX}
            onClick={() => props.onLineItemsChange([...lineItems, emptyLineItem])}
          >
            Add line item
          </button>
        </>
      )}
      {wholeEstimateError && (
        <p id="repair-estimate-error" className="field-error" role="alert">
          {wholeEstimateError.message}
        </p>
      )}
      <EstimateTotal mode={mode} perSquareFoot={perSquareFoot} lineItems={lineItems} />
    </fieldset>
  );
}
