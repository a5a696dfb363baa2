import { marketValueFromComps } from '../arv/market-value-from-comps';
import { formatMoney, formatMoneyRange } from '../money/format-money';
import type { OfferRange } from '../offer/compute-offer-range';
import type { Deal } from '../offer/deal';
import { receiptLines, type ReceiptLine } from '../offer/offer-receipt-lines';
import { snapshotReceipt } from '../offer/offer-snapshot';
import { CRM_EXPORT_SOURCE } from './integration-messages';

const amountText = (line: ReceiptLine) => {
  const amount = line.amount;
  const text = typeof amount === 'number' ? formatMoney(amount) : formatMoneyRange(amount as OfferRange);
  return line.kind === 'less' ? `− ${text}` : text;
};

/**
 * The note a CRM export adds to the contact (issue 14): the range, the property, the market value
 * and repairs, and how the range was computed, line by line with the template's terms (the same
 * receipt the app shows), when the formula was kept. When the market value is the ARV from the
 * comps a saved property keeps (issue 28), the receipt says so and the used comps follow, one line
 * each: address · date · price. A lead's note names the member it is assigned to (issue 26); a
 * saved property records nobody, so its note names nobody.
 */
export function buildGhlDealNote(deal: Deal, now: Date, { assignee }: { assignee?: string | null } = {}): string {
  const lines = [
    `Cash offer: ${formatMoneyRange(deal.offerRange)}`,
    `Property: ${deal.address}`,
    ...(assignee ? [`Assigned to: ${assignee}`] : []),
    `Market value: ${formatMoney(deal.marketValue)}`,
    `Repairs: ${formatMoney(deal.totalRepairCost)}`,
    ...deal.repairs.map((repair) => `  ${repair.name}: ${formatMoney(repair.cost)}`),
  ];
  const receipt = snapshotReceipt(deal);
  const fromComps = marketValueFromComps(deal.arvComps, deal.marketValue);
  if (receipt && deal.formula) {
    lines.push(`How the offer was computed (template: ${deal.formula.name}):`);
    for (const line of receiptLines(receipt, 'wholesaler', deal.formula.name, fromComps))
      lines.push(`  ${line.label}: ${amountText(line)}`);
  } else {
    lines.push('Template: not recorded with this offer');
  }
  if (fromComps && deal.arvComps?.estimate) {
    const { comps, estimate } = deal.arvComps;
    lines.push(`ARV from ${fromComps.compCount} comparable sales (address · sold · price):`);
    for (const { index } of estimate.used) {
      const comp = comps[index];
      if (comp) lines.push(`  ${comp.address || `Comp ${index + 1}`} · ${comp.soldDate} · ${formatMoney(comp.price)}`);
    }
  }
  lines.push(`Exported from ${CRM_EXPORT_SOURCE} on ${now.toISOString().slice(0, 10)}`);
  return lines.join('\n');
}
