import { formatMoney } from '#domain/money/format-money.ts';
import type { OfferReceipt } from '#domain/offer/compute-offer-range.ts';
import {
  receiptLines,
  type MarketValueFromComps,
  type ReceiptAudience,
  type ReceiptLine,
} from '#domain/offer/offer-receipt-lines.ts';

/** A line's figure; a range may break after its dash on a narrow screen, a figure never does. */
function Amount({ amount, kind }: ReceiptLine) {
  const sign = kind === 'less' ? '− ' : '';
  if (typeof amount === 'number') return <span className="nowrap">{sign + formatMoney(amount)}</span>;
  return (
    <>
      <span className="nowrap">{`${sign}${formatMoney(amount.low)} –`}</span>{' '}
      <span className="nowrap">{formatMoney(amount.high)}</span>
    </>
  );
}

interface OfferReceiptViewProps {
  receipt: OfferReceipt;
  audience: ReceiptAudience;
  templateName?: string;
  /** When the market value is the ARV from comparable sales: the wholesaler's first line says so. */
  marketValueFromComps?: MarketValueFromComps;
}

/** "How we got this number": the offer's computation line by line, folded until asked for. */
export function OfferReceiptView({ receipt, audience, templateName, marketValueFromComps }: OfferReceiptViewProps) {
  return (
    // Opened before the page hydrated (it is drawn by the server), it stays open: no mismatch to report.
    <details className="offer-receipt" suppressHydrationWarning>
      <summary>How we got this number</summary>
      <table>
        <tbody>
          {receiptLines(receipt, audience, templateName, marketValueFromComps).map((line) => (
            <tr key={line.label} className={`offer-receipt-${line.kind}`}>
              <th scope="row">{line.label}</th>
              <td>
                <Amount {...line} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
