import { Link, useLocation } from 'react-router';
import { formatMoney } from '../../../domain/money/format-money';
import { offerIsWorkable, type OfferRange } from '../../../domain/offer/compute-offer-range';
import type { UserType } from './user-type';

interface OfferResultProps {
  offer: { range: OfferRange; marketValue: number; totalRepairCost: number } | null;
  userType: UserType;
  templateName: string;
}

/** §2 'Your Cash Offer Range', announced to screen readers when it appears. */
export function OfferResult({ offer, userType, templateName }: OfferResultProps) {
  const location = useLocation();
  return (
    <section className="card offer-result" aria-labelledby="offer-title" aria-live="polite">
      <h2 id="offer-title" className="card-title">
        Your Cash Offer Range
      </h2>
      {!offer && <p className="muted">Enter the address and market value, pick the repairs, then press Get Cash Offer.</p>}
      {offer && offerIsWorkable(offer.range) && (
        <>
          <p className="offer-range" data-testid="offer-range">
            {formatMoney(offer.range.low)} <span aria-hidden="true">–</span>
            <span className="visually-hidden"> to </span> {formatMoney(offer.range.high)}
          </p>
          <dl className="offer-facts">
            <div>
              <dt>Market value</dt>
              <dd>{formatMoney(offer.marketValue)}</dd>
            </div>
            <div>
              <dt>Repairs</dt>
              <dd>{formatMoney(offer.totalRepairCost)}</dd>
            </div>
            {userType === 'wholesaler' && (
              <div>
                <dt>Formula</dt>
                <dd>{templateName}</dd>
              </div>
            )}
          </dl>
        </>
      )}
      {offer && !offerIsWorkable(offer.range) && (
        <p className="offer-unworkable" role="alert">
          At this market value the repairs and costs exceed what a cash buyer can pay, so there is no cash offer to show.
          Check the market value and repair costs.
        </p>
      )}
      {offer && userType === 'wholesaler' && (
        <div className="offer-actions">
          <Link className="button button-primary" to="/login" state={{ from: location.pathname }}>
            Sign In to Save
          </Link>
        </div>
      )}
    </section>
  );
}
