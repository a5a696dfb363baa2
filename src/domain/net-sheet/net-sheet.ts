import { formatMoney } from '../money/format-money';
import { roundToCents } from '../money/round-to-cents';
import type { OfferRange } from '../offer/compute-offer-range';
// The assumptions' schema is apart, so that a page shows a net sheet without loading zod.
import type { NetSheetAssumptions } from './net-sheet-assumptions-schema';

export type { NetSheetAssumptions };

export const DEFAULT_AGENT_COMMISSION_PERCENT = 5.5;
export const DEFAULT_SELLER_CLOSING_PERCENT = 2;

/** Starting assumptions for a house worth `marketValue` once repaired, needing `repairCost` of repairs. */
export function defaultNetSheetAssumptions(marketValue: number, repairCost: number): NetSheetAssumptions {
  return {
    repairedPrice: marketValue,
    // Buyers of a house that needs work take the repairs off the price.
    asIsPrice: Math.max(0, roundToCents(marketValue - repairCost)),
    agentCommissionPercent: DEFAULT_AGENT_COMMISSION_PERCENT,
    sellerClosingPercent: DEFAULT_SELLER_CLOSING_PERCENT,
    concessionsPercent: 1,
    repairCost,
    repairMonths: repairCost > 0 ? 2 : 0,
    monthsOnMarket: 3,
    cashCloseMonths: 0.5,
    // About 1.2 % of the value a year in property tax.
    monthlyTaxes: Math.round((marketValue * 0.012) / 12),
    monthlyInsurance: 150,
    monthlyUtilities: 200,
  };
}

export type NetSheetOptionId = 'cash' | 'as-is' | 'fix-and-list';

export interface NetSheetLine {
  label: string;
  /** Dollars taken off the price (a range for the cash offer's). */
  amount: number | OfferRange;
}

export interface NetSheetOption {
  id: NetSheetOptionId;
  title: string;
  price: OfferRange;
  costs: NetSheetLine[];
  net: OfferRange;
  /** Months until the money is in hand. */
  months: number;
}

const percentOf = (price: number, percent: number) => roundToCents((price * percent) / 100);
const monthlyHolding = (a: NetSheetAssumptions) => a.monthlyTaxes + a.monthlyInsurance + a.monthlyUtilities;
const range = (low: number, high: number): OfferRange => ({ low: roundToCents(low), high: roundToCents(high) });

function listing(
  id: Exclude<NetSheetOptionId, 'cash'>,
  title: string,
  price: number,
  months: number,
  repairCost: number,
  a: NetSheetAssumptions,
): NetSheetOption {
  const costs: NetSheetLine[] = [
    ...(repairCost > 0 ? [{ label: 'Repairs before listing', amount: repairCost }] : []),
    { label: `Agent commission (${a.agentCommissionPercent}%)`, amount: percentOf(price, a.agentCommissionPercent) },
    { label: `Seller closing costs (${a.sellerClosingPercent}%)`, amount: percentOf(price, a.sellerClosingPercent) },
    { label: `Concessions to the buyer (${a.concessionsPercent}%)`, amount: percentOf(price, a.concessionsPercent) },
    { label: `Holding costs (${months} months)`, amount: roundToCents(months * monthlyHolding(a)) },
  ];
  const net = price - costs.reduce((sum, line) => sum + (line.amount as number), 0);
  return { id, title, price: range(price, price), costs, net: range(net, net), months };
}

/**
 * The seller's three ways to sell, side by side: take the cash offer (the buyer pays the closing
 * costs and takes the house as it is), list it as it is, or repair it and list it. Each net is
 * its price less every cost line shown, nothing else.
 */
export function netSheet(cashOffer: OfferRange, a: NetSheetAssumptions): NetSheetOption[] {
  const cashHolding = roundToCents(a.cashCloseMonths * monthlyHolding(a));
  return [
    {
      id: 'cash',
      title: 'Cash offer',
      price: cashOffer,
      costs: [{ label: `Holding costs (${a.cashCloseMonths} months to close)`, amount: cashHolding }],
      net: range(cashOffer.low - cashHolding, cashOffer.high - cashHolding),
      months: a.cashCloseMonths,
    },
    listing('as-is', 'List as it is', a.asIsPrice, a.monthsOnMarket, 0, a),
    listing('fix-and-list', 'Repair, then list', a.repairedPrice, a.repairMonths + a.monthsOnMarket, a.repairCost, a),
  ];
}

/**
 * One sentence comparing the nets, claiming only what the numbers show: an option nets more
 * only when its whole range is above every other's; otherwise none is said to net more.
 */
export function netSheetComparison(options: readonly NetSheetOption[]): string {
  const [best, ...rest] = [...options].sort((a, b) => b.net.low - a.net.low);
  if (!best) return '';
  const runnerUp = rest.reduce<NetSheetOption | undefined>(
    (top, option) => (!top || option.net.high > top.net.high ? option : top),
    undefined,
  );
  if (!runnerUp || best.net.low <= runnerUp.net.high) {
    return 'With these assumptions no option clearly nets more than the others: their ranges overlap.';
  }
  const margin = formatMoney(best.net.low - runnerUp.net.high);
  return `With these assumptions, ${best.title.toLowerCase()} nets at least ${margin} more than ${runnerUp.title.toLowerCase()}, in about ${best.months} months.`;
}
