import { formatMoney } from '#domain/money/format-money.ts';
import type { ArvEstimateResult } from './arv-api';

/** The estimate for the comps on screen (ARV, range, confidence and its factors, "Use this ARV"), or why there is none. */
export function ArvEstimateView({
  result,
  error,
  onUse,
}: {
  result: ArvEstimateResult | undefined;
  error: unknown;
  onUse: () => void;
}) {
  return (
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
  );
}
