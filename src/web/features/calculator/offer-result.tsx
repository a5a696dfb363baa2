import { lazy, Suspense } from 'react';
import { formatMoney } from '#domain/money/format-money.ts';
import type { CalculatedOffer } from '#domain/offer/calculated-offer.ts';
import { calculationMessages } from '#domain/offer/calculation-messages.ts';
import { offerIsWorkable } from '#domain/offer/compute-offer-range.ts';
import type { MarketValueFromComps } from '#domain/offer/offer-receipt-lines.ts';
import { OfferRangeText } from '#web/components/offer-range-text.tsx';
import { OfferReceiptView } from '#web/components/offer-receipt.tsx';
import type { CalculatorSlots } from './calculator-slots';
import type { UserType } from './user-type';

// The net sheet (and the schema library it validates with) loads with the first offer.
const NetSheet = lazy(async () => ({ default: (await import('#web/components/net-sheet.tsx')).NetSheet }));

interface OfferResultProps {
  offer: CalculatedOffer | null;
  userType: UserType;
  templateName: string;
  OfferActions: CalculatorSlots['OfferActions'];
  /** When the offer's market value is the ARV from comps ("Use this ARV"), for the receipt. */
  marketValueFromComps?: MarketValueFromComps;
}

/**
 * The 'Your Cash Offer Range' card: the range, its market value and repairs, and what the visitor
 * can do with it (§2). Screen readers are told the range alone when it appears, in one sentence,
 * not the whole card.
 */
export function OfferResult({ offer, userType, templateName, OfferActions, marketValueFromComps }: OfferResultProps) {
  const workable = offer !== null && offerIsWorkable(offer.offerRange);
  return (
    <section className="card offer-result" aria-labelledby="offer-title">
      <h2 id="offer-title" className="card-title">
        Your Cash Offer Range
      </h2>
      <p className="visually-hidden" role="status">
        {workable &&
          `Your cash offer range: ${formatMoney(offer.offerRange.low)} to ${formatMoney(offer.offerRange.high)}`}
      </p>
      {!offer && (
        <p className="muted">Enter the address and market value, pick the repairs, then press Get Cash Offer.</p>
      )}
      {workable && (
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
          <OfferReceiptView
            receipt={offer.receipt}
            audience={userType}
            templateName={templateName}
            marketValueFromComps={marketValueFromComps}
          />
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
      {offer && !workable && (
        <p className="offer-unworkable" role="alert">
          {calculationMessages.offerUnworkable}
        </p>
      )}
      <Suspense fallback={<p className="muted">Loading...</p>}>
        {workable && <OfferActions offer={offer} userType={userType} />}
      </Suspense>
    </section>
  );
}
