import { formatMoney } from '../../../domain/money/format-money';
import { offerIsWorkable } from '../../../domain/offer/compute-offer-range';
import { lazy, Suspense } from 'react';
import type { CalculatedOffer } from '../../../domain/offer/calculated-offer';
import type { UserType } from './user-type';

// What a visitor can do with an offer (forms, exports) loads with the first offer, keeping the
// calculator's first download small.
const loadHomeownerActions = () => import('../homeowner/homeowner-offer-actions');
const loadWholesalerActions = () => import('./wholesaler-offer-actions');
const HomeownerOfferActions = lazy(async () => ({ default: (await loadHomeownerActions()).HomeownerOfferActions }));
const WholesalerOfferActions = lazy(async () => ({ default: (await loadWholesalerActions()).WholesalerOfferActions }));

/** Starts fetching the offer actions before they are needed (on the first calculator input). */
export function preloadOfferActions(userType: UserType) {
  void (userType === 'homeowner' ? loadHomeownerActions() : loadWholesalerActions());
}

interface OfferResultProps {
  offer: CalculatedOffer | null;
  userType: UserType;
  templateName: string;
}

/** §2 'Your Cash Offer Range', announced to screen readers when it appears. */
export function OfferResult({ offer, userType, templateName }: OfferResultProps) {
  return (
    <section className="card offer-result" aria-labelledby="offer-title" aria-live="polite">
      <h2 id="offer-title" className="card-title">
        Your Cash Offer Range
      </h2>
      {!offer && (
        <p className="muted">Enter the address and market value, pick the repairs, then press Get Cash Offer.</p>
      )}
      {offer && offerIsWorkable(offer.offerRange) && (
        <>
          <p className="offer-range" data-testid="offer-range">
            {formatMoney(offer.offerRange.low)} <span aria-hidden="true">–</span>
            <span className="visually-hidden"> to </span> {formatMoney(offer.offerRange.high)}
          </p>
          <dl className="offer-facts">
            <div>
              <dt>Market value</dt>
              <dd>{formatMoney(offer.input.marketValue)}</dd>
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
      {offer && !offerIsWorkable(offer.offerRange) && (
        <p className="offer-unworkable" role="alert">
          At this market value the repairs and costs exceed what a cash buyer can pay, so there is no cash offer to
          show. Check the market value and repair costs.
        </p>
      )}
      <Suspense fallback={<p className="muted">Loading...</p>}>
        {offer && userType === 'wholesaler' && <WholesalerOfferActions offer={offer} />}
        {offer && userType === 'homeowner' && offerIsWorkable(offer.offerRange) && (
          <HomeownerOfferActions offer={offer} />
        )}
      </Suspense>
    </section>
  );
}
