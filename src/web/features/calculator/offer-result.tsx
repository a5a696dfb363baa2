import { lazy, Suspense } from 'react';
import { formatMoney } from '#domain/money/format-money.ts';
import type { CalculatedOffer } from '#domain/offer/calculated-offer.ts';
import { calculationMessages } from '#domain/offer/calculation-messages.ts';
import { offerIsWorkable } from '#domain/offer/compute-offer-range.ts';
import { defaultHomeownerView, type HomeownerView } from '#domain/offer/homeowner-view.ts';
import type { MarketValueFromComps } from '#domain/offer/offer-receipt-lines.ts';
import { OfferRangeText } from '#web/components/offer-range-text.tsx';
import { OfferReceiptView } from '#web/components/offer-receipt.tsx';
import type { CalculatorSlots } from './calculator-slots';
import type { OpenedDeal } from './opened-deal';
import type { UserType } from './user-type';

// The net sheet loads with the first offer, or once a homeowner starts typing one (preloadNetSheet).
const loadNetSheet = () => import('#web/components/net-sheet.tsx');
const NetSheet = lazy(async () => ({ default: (await loadNetSheet()).NetSheet }));

/** Starts loading the homeowner's net sheet, so it is usually there when the first offer is. */
export const preloadNetSheet = () => void loadNetSheet();

interface OfferResultProps {
  offer: CalculatedOffer | null;
  userType: UserType;
  templateName: string;
  OfferActions: CalculatorSlots['OfferActions'];
  /** When the offer's market value is the ARV from comps ("Use this ARV"), for the receipt. */
  marketValueFromComps?: MarketValueFromComps;
  /** What a homeowner is shown beyond the range and their own figures: how it was computed, the net sheet. */
  homeownerView?: HomeownerView;
  /** The deal opened in the calculator, if any: its actions save it again (a saved property). */
  opened?: OpenedDeal | null;
}

/**
 * The 'Your Cash Offer Range' card: the range, its market value and repairs, and what the visitor
 * can do with it (§2). Screen readers are told the range alone when it appears, in one sentence,
 * not the whole card.
 */
export function OfferResult({
  offer,
  userType,
  templateName,
  OfferActions,
  marketValueFromComps,
  homeownerView = defaultHomeownerView,
  opened = null,
}: OfferResultProps) {
  const workable = offer !== null && offerIsWorkable(offer.offerRange);
  const homeowner = userType === 'homeowner';
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
          {(!homeowner || homeownerView.detail === 'whole-math') && (
            <OfferReceiptView
              receipt={offer.receipt}
              audience={userType}
              templateName={templateName}
              marketValueFromComps={marketValueFromComps}
            />
          )}
        </>
      )}
      {offer && !workable && (
        <p className="offer-unworkable" role="alert">
          {calculationMessages.offerUnworkable}
        </p>
      )}
      {/* One boundary for the net sheet and the actions below it: they appear together, so the net
          sheet arriving later cannot push Get Offer down under a pointer about to press it. */}
      <Suspense fallback={<p className="muted">Loading...</p>}>
        {workable && homeowner && homeownerView.netSheet && (
          <NetSheet
            key={`${offer.input.marketValue}:${offer.totalRepairCost}`}
            cashOffer={offer.offerRange}
            marketValue={offer.input.marketValue}
            totalRepairCost={offer.totalRepairCost}
          />
        )}
        {workable && <OfferActions offer={offer} userType={userType} opened={opened} />}
      </Suspense>
    </section>
  );
}
