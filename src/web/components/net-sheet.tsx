import { useId, useMemo, useState } from 'react';
import { formatMoney } from '#domain/money/format-money.ts';
import {
  defaultNetSheetAssumptions,
  netSheet,
  netSheetComparison,
  type NetSheetAssumptions,
  type NetSheetLine,
} from '#domain/net-sheet/net-sheet.ts';
import type { OfferRange } from '#domain/offer/compute-offer-range.ts';
import { fieldErrors } from '#domain/validation/field-errors.ts';
import { readTypedNumber } from '#domain/validation/typed-number.ts';
import { TextField } from './text-field';

type AssumptionKey = keyof NetSheetAssumptions;

/** Each assumption's label, in the order the form shows them. */
const assumptionLabels: Record<AssumptionKey, string> = {
  repairedPrice: 'Sale price once repaired ($)',
  asIsPrice: 'Sale price as it is ($)',
  repairCost: 'Repairs before listing ($)',
  agentCommissionPercent: 'Agent commission (%)',
  sellerClosingPercent: 'Seller closing costs (%)',
  concessionsPercent: 'Concessions to the buyer (%)',
  repairMonths: 'Months of repairs',
  monthsOnMarket: 'Months on the market',
  cashCloseMonths: 'Months to close the cash sale',
  monthlyTaxes: 'Property taxes per month ($)',
  monthlyInsurance: 'Insurance per month ($)',
  monthlyUtilities: 'Utilities per month ($)',
};
const assumptionKeys = Object.keys(assumptionLabels) as AssumptionKey[];

const NOT_A_NUMBER = 'Enter a number';

type AssumptionsSchema = Awaited<ReturnType<typeof loadAssumptionsSchema>>;

// The assumptions' checks (zod) load once the homeowner opens the sheet to change them: the pages
// showing a net sheet (an offer link, the calculator) are read and hydrated without them.
const loadAssumptionsSchema = async () =>
  (await import('#domain/net-sheet/net-sheet-assumptions-schema.ts')).NetSheetAssumptionsSchema;

/**
 * The typed assumptions read and checked: the valid ones, or what to fix in each field. Until
 * the checks have loaded only what is not a number is told, and nothing typed applies.
 */
function readAssumptions(typed: Record<AssumptionKey, string>, schema: AssumptionsSchema | null) {
  const numbers = Object.fromEntries(assumptionKeys.map((key) => [key, readTypedNumber(typed[key])]));
  const parsed = schema?.safeParse(numbers);
  const errors: Partial<Record<string, string>> = parsed ? fieldErrors(parsed) : {};
  for (const key of assumptionKeys) if (Number.isNaN(numbers[key])) errors[key] = NOT_A_NUMBER;
  return { valid: parsed?.success ? parsed.data : null, errors };
}

const rangeText = (range: OfferRange) =>
  range.low === range.high ? formatMoney(range.low) : `${formatMoney(range.low)} – ${formatMoney(range.high)}`;
// The minus is held to its amount (a no-break space): a narrow column would leave it alone on a line.
const lineText = ({ amount }: NetSheetLine) =>
  `−\u00a0${typeof amount === 'number' ? formatMoney(amount) : rangeText(amount)}`;

interface NetSheetProps {
  cashOffer: OfferRange;
  marketValue: number;
  totalRepairCost: number;
}

/**
 * The seller's net sheet: what the homeowner keeps from the cash offer, from listing the house
 * as it is, and from repairing it first, with every assumption shown and editable. A figure that
 * is not a number keeps the sheet at the last valid assumptions and says what to fix.
 */
export function NetSheet({ cashOffer, marketValue, totalRepairCost }: NetSheetProps) {
  const idPrefix = useId();
  const defaults = useMemo(
    () => defaultNetSheetAssumptions(marketValue, totalRepairCost),
    [marketValue, totalRepairCost],
  );
  const [typed, setTyped] = useState<Record<AssumptionKey, string>>(() => textOf(defaults));
  const [schema, setSchema] = useState<AssumptionsSchema | null>(null);
  const { valid, errors } = readAssumptions(typed, schema);
  // Valid figures apply at once; while one is wrong the sheet keeps the last valid ones.
  const [applied, setApplied] = useState(defaults);
  if (valid && assumptionKeys.some((key) => valid[key] !== applied[key])) setApplied(valid);

  const loadChecks = async () => {
    const loaded = schema ?? (await loadAssumptionsSchema());
    setSchema(() => loaded);
  };
  // From the previous figures, not this render's: fields typed before hydration are handed on together.
  const change = (key: AssumptionKey, value: string) => {
    setTyped((previous) => ({ ...previous, [key]: value }));
    void loadChecks();
  };

  const options = netSheet(cashOffer, applied);
  return (
    <details
      className="net-sheet"
      // Opened before the page hydrated, it stays open: its open state is the homeowner's, not React's.
      suppressHydrationWarning
      onToggle={(event) => event.currentTarget.open && void loadChecks()}
    >
      <summary>Compare your options: cash offer, listing as it is, repairing first</summary>
      <div className="net-sheet-options">
        {options.map((option) => (
          <section key={option.id} className="net-sheet-option" aria-labelledby={`${idPrefix}-${option.id}`}>
            <h3 id={`${idPrefix}-${option.id}`}>{option.title}</h3>
            <table>
              <tbody>
                <tr>
                  <th scope="row">Sale price</th>
                  <td>{rangeText(option.price)}</td>
                </tr>
                {option.costs.map((line) => (
                  <tr key={line.label}>
                    <th scope="row">{line.label}</th>
                    <td>{lineText(line)}</td>
                  </tr>
                ))}
                <tr className="net-sheet-net">
                  <th scope="row">You keep</th>
                  <td>{rangeText(option.net)}</td>
                </tr>
              </tbody>
            </table>
            <p className="muted">In about {option.months} months</p>
          </section>
        ))}
      </div>
      <p className="net-sheet-comparison" role="status">
        {netSheetComparison(options)}
      </p>
      <fieldset className="net-sheet-assumptions">
        <legend>Assumptions (change any of them)</legend>
        <div className="form-grid">
          {assumptionKeys.map((key) => (
            <TextField
              key={key}
              id={`${idPrefix}-${key}`}
              label={assumptionLabels[key]}
              value={typed[key]}
              error={errors[key]}
              onChange={(value) => change(key, value)}
            />
          ))}
        </div>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => {
            setTyped(textOf(defaults));
            setApplied(defaults);
          }}
        >
          Reset assumptions
        </button>
      </fieldset>
      <p className="field-hint">
        Estimates for comparison only, not advice: your agent, closing costs and market decide the real figures.
      </p>
    </details>
  );
}

function textOf(assumptions: NetSheetAssumptions): Record<AssumptionKey, string> {
  return Object.fromEntries(assumptionKeys.map((key) => [key, String(assumptions[key])])) as Record<
    AssumptionKey,
    string
  >;
}
