import { formatMoney } from '#domain/money/format-money.ts';
import type { OfferRange } from '#domain/offer/compute-offer-range.ts';

/** An offer's range in large figures, read as 'low to high' by screen readers. */
export function OfferRangeText({ range }: { range: OfferRange }) {
  return (
    <p className="offer-range" data-testid="offer-range">
      {formatMoney(range.low)} <span aria-hidden="true">–</span>
      <span className="visually-hidden"> to </span> {formatMoney(range.high)}
    </p>
  );
}
