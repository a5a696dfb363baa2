import { formatMoney } from '../money/format-money';
import type { FormulaCost, OfferRange, OfferReceipt } from './compute-offer-range';

/** Who reads the receipt: plain words for a homeowner, the formula's terms for a wholesaler. */
export type ReceiptAudience = 'homeowner' | 'wholesaler';

/**
 * One line of "How we got this number": the first figure, a figure it leads to, one taken away
 * (an amount, or the profit band as a range), or the resulting offer.
 */
export interface ReceiptLine {
  kind: 'start' | 'subtotal' | 'less' | 'result';
  label: string;
  amount: number | OfferRange;
}

/**
 * Where the market value came from when it is the ARV estimated from comparable sales (issue 28):
 * how many comps the estimate used, its 80 % range in dollars and its confidence (0–100).
 */
export interface MarketValueFromComps {
  compCount: number;
  low: number;
  high: number;
  confidence: number;
}

/** 0.7 → '70%'; at most two decimals, no trailing zeros. */
const percent = (multiplier: number) => `${Number((multiplier * 100).toFixed(2))}%`;
/** 1.25 → '1.25'; at most four decimals. */
const factor = (multiplier: number) => String(Number(multiplier.toFixed(4)));

/** How a full formula's cost reads, to each audience. */
function costLabel(cost: FormulaCost, audience: ReceiptAudience): string {
  const homeowner = audience === 'homeowner';
  switch (cost.kind) {
    case 'buying-closing':
      return homeowner ? 'Less the buyer’s closing costs' : 'Buying closing costs';
    case 'holding':
      return homeowner
        ? `Less the buyer’s costs of holding the house for ${cost.months} months`
        : `Holding ${cost.months} months × ${formatMoney(cost.monthly)}`;
    case 'selling':
      return homeowner
        ? `Less the buyer’s costs of selling it again (${cost.percent}% of the market value)`
        : `Selling costs ${cost.percent}% of ARV`;
    case 'financing':
      return homeowner ? 'Less the buyer’s financing costs' : 'Financing costs';
    case 'assignment-fee':
      return homeowner ? 'Less the wholesaler’s assignment fee' : 'Assignment fee';
  }
}

const costLines = (receipt: OfferReceipt, audience: ReceiptAudience): ReceiptLine[] =>
  receipt.costs.map((cost) => ({ kind: 'less', label: costLabel(cost, audience), amount: cost.amount }));

/** The wholesaler's first line when the market value is the ARV from comps: the comps, the range and the confidence. */
const fromCompsLabel = ({ compCount, low, high, confidence }: MarketValueFromComps) =>
  `Market value: ARV from ${compCount} comparable sales (80 % range ${formatMoney(low)}–${formatMoney(high)}, confidence ${confidence}/100)`;

/**
 * The lines of an offer's receipt, every figure taken from the receipt computeOfferReceipt made;
 * `marketValueFromComps` when the market value is the ARV from comparable sales (the wholesaler's
 * first line says so).
 */
export function receiptLines(
  receipt: OfferReceipt,
  audience: ReceiptAudience,
  templateName = '',
  marketValueFromComps?: MarketValueFromComps,
): ReceiptLine[] {
  const profitBand = { low: receipt.minProfit, high: receipt.maxProfit };
  if (audience === 'homeowner') {
    const repairs =
      receipt.repairMultiplier === 1
        ? 'Less the repairs the buyer will pay for'
        : `Less the repairs the buyer will pay for (${formatMoney(receipt.totalRepairCost)} × ${factor(receipt.repairMultiplier)})`;
    return [
      { kind: 'start', label: 'Market value of the home once repaired', amount: receipt.marketValue },
      {
        kind: 'subtotal',
        label: `What a cash buyer can pay: ${percent(receipt.arvMultiplier)} of the market value`,
        amount: receipt.buyerValue,
      },
      ...(receipt.totalRepairCost > 0
        ? [{ kind: 'less', label: repairs, amount: receipt.repairAllowance } satisfies ReceiptLine]
        : []),
      ...costLines(receipt, audience),
      {
        kind: 'less',
        label: receipt.costs.length > 0 ? 'Less the buyer’s profit' : 'Less the buyer’s costs and profit',
        amount: profitBand,
      },
      { kind: 'result', label: 'Your cash offer', amount: receipt.range },
    ];
  }
  return [
    {
      kind: 'start',
      label: marketValueFromComps ? fromCompsLabel(marketValueFromComps) : 'Market value (ARV)',
      amount: receipt.marketValue,
    },
    { kind: 'subtotal', label: `× ARV multiplier ${factor(receipt.arvMultiplier)}`, amount: receipt.buyerValue },
    {
      kind: 'less',
      label: `Repairs ${formatMoney(receipt.totalRepairCost)} × repair multiplier ${factor(receipt.repairMultiplier)}`,
      amount: receipt.repairAllowance,
    },
    ...costLines(receipt, audience),
    { kind: 'less', label: 'Profit (minimum to maximum)', amount: profitBand },
    { kind: 'result', label: templateName ? `Offer range (${templateName})` : 'Offer range', amount: receipt.range },
  ];
}
