import { formatMoney } from '#domain/money/format-money.ts';
import { snapshotReceipt } from '#domain/offer/offer-snapshot.ts';
import { FactList } from '#web/components/fact-list.tsx';
import { NetSheet } from '#web/components/net-sheet.tsx';
import { OfferRangeText } from '#web/components/offer-range-text.tsx';
import { OfferReceiptView } from '#web/components/offer-receipt.tsx';
import { NearbySales } from './nearby-sales';
import type { PublicOffer } from './offer-answer-api';

/**
 * The offer as it was made: the range first, then what it rests on and how long it stands (§9).
 * Only what the wholesaler's workspace shows homeowners arrives: a part the server left out is not drawn.
 */
export function OfferSummary({ offer }: { offer: PublicOffer }) {
  const { marketValue, repairs, totalRepairCost } = offer;
  const receipt =
    marketValue !== null && totalRepairCost !== null
      ? snapshotReceipt({ marketValue, totalRepairCost, offerRange: offer.offerRange, formula: offer.formula })
      : null;
  const facts: [string, string][] = [['Property', offer.address]];
  if (offer.detail === 'whole-math' && marketValue !== null) facts.push(['Market value', formatMoney(marketValue)]);
  if (repairs !== null && totalRepairCost !== null) facts.push(['Repairs', formatMoney(totalRepairCost)]);
  return (
    <>
      <OfferRangeText range={offer.offerRange} />
      <p className={offer.expired ? 'offer-validity offer-validity-expired' : 'offer-validity'}>{offer.validityText}</p>
      <FactList className="offer-facts" facts={facts} />
      <NearbySales sales={offer.nearbySales} />
      {repairs && repairs.length > 0 && (
        // Opened before the page hydrated, it stays open: no mismatch to report.
        <details className="offer-repairs" suppressHydrationWarning>
          <summary>Repairs this offer allows for ({repairs.length})</summary>
          <ul>
            {repairs.map((repair) => (
              <li key={repair.name}>
                <span>{repair.name}</span> <span>{formatMoney(repair.cost)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {receipt && <OfferReceiptView receipt={receipt} audience="homeowner" />}
      {offer.netSheet && marketValue !== null && totalRepairCost !== null && (
        <NetSheet cashOffer={offer.offerRange} marketValue={marketValue} totalRepairCost={totalRepairCost} />
      )}
    </>
  );
}
