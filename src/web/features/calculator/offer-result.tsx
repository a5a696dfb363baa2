import { formatMoney } from '../../../domain/money/format-money';
import { calculationMessages } from '../../../domain/offer/calculation-messages';
import { offerIsWorkable } from '../../../domain/offer/compute-offer-range';
import { lazy, Suspense } from 'react';
import type { CalculatedOffer } from '../../../domain/offer/calculated-offer';
import { OfferRangeText } from '../../components/offer-range-text';
import { OfferReceiptView } from '../../components/offer-receipt';
import type { CalculatorSlots } from './calculator-slots';
import type { UserType } from './user-type';

// The net sheet (and the schema library it validates with) loads with the first offer.
const NetSheet = lazy(async () => ({ default: (await import('../../components/net-sheet')).NetSheet }));

interface OfferResultProps {
  offer: CalculatedOffer | null;
  userType: UserType;
  templateName: string;
  OfferActions: CalculatorSlots['OfferActions'];
}

/** The 'Your Cash Offer Range' card: the range, its market value and repairs, and what the visitor can do with it; announced to screen readers when it appears (§2). */
export function OfferResult({ offer, userType, templateName, OfferActions }: OfferResultProps) {
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
          <OfferRangeText range={offer.offerRange} />
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
          <OfferReceiptView receipt={offer.receipt} audience={userType} templateName={templateName} />
          {userType === 'homeowner' && (
            <Suspense fallback={null}>
              <NetSheet
                key={`${offer.input.marketValue}:${offer.totalRepairCost}`}
                cashOffer={offer.offerRange}
                marketValue={offer.input.marketValue}
                totalRepairCost={offer.totalRepairCost}
              />
            </Suspense>
          )}
        </>
      )}
      {offer && !offerIsWorkable(offer.offerRange) && (
        <p className="offer-unworkable" role="alert">
          {calculationMessages.offerUnworkable}
        </p>
      )}
      <Suspense fallback={<p className="muted">Loading...</p>}>
        {offer && offerIsWorkable(offer.offerRange) && <OfferActions offer={offer} userType={userType} />}
      </Suspense>
    </section>
  );
}
