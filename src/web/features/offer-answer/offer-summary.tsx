import { formatMoney } from '#domain/money/format-money.ts';
import { snapshotReceipt } from '#domain/offer/offer-snapshot.ts';
import { FactList } from '#web/components/fact-list.tsx';
import { NetSheet } from '#web/components/net-sheet.tsx';
import { OfferRangeText } from '#web/components/offer-range-text.tsx';
import { OfferReceiptView } from '#web/components/offer-receipt.tsx';
import { NearbySales } from './nearby-sales';
import type { PublicOffer } from './offer-answer-api';

/** The offer as it was made: the range first, then what it rests on and how long it stands (§9). */
export function OfferSummary({ offer }: { offer: PublicOffer }) {
  const receipt = snapshotReceipt(offer);
  return (
    <>
      <OfferRangeText range={offer.offerRange} />
      <p className={offer.expired ? 'offer-validity offer-validity-expired' : 'offer-validity'}>{offer.validityText}</p>
      <FactList
        className="offer-facts"
        facts={[
          ['Property', offer.address],
          ['Market value', formatMoney(offer.marketValue)],
          ['Repairs', formatMoney(offer.totalRepairCost)],
        ]}
      />
      <NearbySales sales={offer.nearbySales} />
      {offer.repairs.length > 0 && (
        // Opened before the page hydrated, it stays open: no mismatch to report.
        <details className="offer-repairs" suppressHydrationWarning>
          <summary>Repairs this offer allows for ({offer.repairs.length})</summary>
          <ul>
            {offer.repairs.map((repair) => (
              <li key={repair.name}>
                <span>{repair.name}</span> <span>{formatMoney(repair.cost)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {receipt && <OfferReceiptView receipt={receipt} audience="homeowner" />}
      <NetSheet cashOffer={offer.offerRange} marketValue={offer.marketValue} totalRepairCost={offer.totalRepairCost} />
    </>
  );
}
