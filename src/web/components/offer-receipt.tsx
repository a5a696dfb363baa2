import { formatMoney } from '../../domain/money/format-money';
import type { OfferReceipt } from '../../domain/offer/compute-offer-range';
import { receiptLines, type ReceiptAudience, type ReceiptLine } from '../../domain/offer/offer-receipt-lines';

const amountText = ({ amount, kind }: ReceiptLine) => {
  const figure =
    typeof amount === 'number' ? formatMoney(amount) : `${formatMoney(amount.low)} – ${formatMoney(amount.high)}`;
  return kind === 'less' ? `− ${figure}` : figure;
};

interface OfferReceiptViewProps {
  receipt: OfferReceipt;
  audience: ReceiptAudience;
  templateName?: string;
}

/** "How we got this number": the offer's computation line by line, folded until asked for. */
export function OfferReceiptView({ receipt, audience, templateName }: OfferReceiptViewProps) {
  return (
    <details className="offer-receipt">
      <summary>How we got this number</summary>
      <table>
        <tbody>
          {receiptLines(receipt, audience, templateName).map((line) => (
            <tr key={line.label} className={`offer-receipt-${line.kind}`}>
              <th scope="row">{line.label}</th>
              <td>{amountText(line)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
