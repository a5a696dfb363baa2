import { formatMoney, formatMoneyRange } from '../money/format-money';
import type { OfferRange } from '../offer/compute-offer-range';
import { receiptLines, type ReceiptLine } from '../offer/offer-receipt-lines';
import { snapshotReceipt } from '../offer/offer-snapshot';
import { CRM_EXPORT_SOURCE } from './integration-messages';
import type { Deal } from '../offer/deal';

const amountText = (line: ReceiptLine) => {
  const amount = line.amount;
  const text = typeof amount === 'number' ? formatMoney(amount) : formatMoneyRange(amount as OfferRange);
  return line.kind === 'less' ? `− ${text}` : text;
};

/**
 * The note a CRM export adds to the contact (issue 14): the range, the property, the market value
 * and repairs, and how the range was computed, line by line with the template's terms (the same
 * receipt the app shows), when the formula was kept.
 */
export function buildGhlDealNote(deal: Deal, now: Date): string {
  const lines = [
    `Cash offer: ${formatMoneyRange(deal.offerRange)}`,
    `Property: ${deal.address}`,
    `Market value: ${formatMoney(deal.marketValue)}`,
    `Repairs: ${formatMoney(deal.totalRepairCost)}`,
    ...deal.repairs.map((repair) => `  ${repair.name}: ${formatMoney(repair.cost)}`),
  ];
  const receipt = snapshotReceipt(deal);
  if (receipt && deal.formula) {
    lines.push(`How the offer was computed (template: ${deal.formula.name}):`);
    for (const line of receiptLines(receipt, 'wholesaler', deal.formula.name))
      lines.push(`  ${line.label}: ${amountText(line)}`);
  } else {
    lines.push('Template: not recorded with this offer');
  }
  lines.push(`Exported from ${CRM_EXPORT_SOURCE} on ${now.toISOString().slice(0, 10)}`);
  return lines.join('\n');
}
