import { formatMoney } from '#domain/money/format-money.ts';
import type { ArvEstimateResult } from './arv-api';

/**
 * The estimate for the comps on screen (ARV, range, confidence and its factors, "Use this ARV"), or
 * why there is none; once used, what it changed, said beside the button (and announced), since the
 * market value field may be a screen away.
 */
export function ArvEstimateView({
  result,
  error,
  onUse,
  inUse,
}: {
  result: ArvEstimateResult | undefined;
  error: unknown;
  onUse: () => void;
  /** The market value is this estimate's ARV, set by "Use this ARV" on this panel. */
  inUse: boolean;
}) {
  return (
    <>
      <div aria-live="polite" className="arv-result">
        {result?.kind === 'not-enough' && <p className="field-error">{result.reason}</p>}
        {result?.kind === 'estimate' && (
          <>
            <p className="arv-figure">
              ARV <strong data-testid="arv-value">{formatMoney(result.arv)}</strong>
            </p>
            <p>
              80 % range: {formatMoney(result.low)} – {formatMoney(result.high)} · Confidence {result.confidence}/100
            </p>
            <ul className="arv-factors">
              {result.factors.map((factor) => (
                <li key={factor.factor}>
                  {factor.factor}: {factor.score}/{factor.outOf} ({factor.note})
                </li>
              ))}
            </ul>
            <button type="button" className="button button-primary" onClick={onUse}>
              Use this ARV
            </button>
          </>
        )}
        {error instanceof Error && <p className="field-error">{error.message}</p>}
      </div>
      <p role="status" className="arv-in-use">
        {inUse && result?.kind === 'estimate' && (
          <>
            The market value is now <strong>{formatMoney(result.arv)}</strong>, this ARV, and the offer is computed from
            it.
          </>
        )}
      </p>
    </>
  );
}
