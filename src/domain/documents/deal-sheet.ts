import type { SavedArvComps } from '../arv/arv-request-schema';
import { marketValueFromComps } from '../arv/market-value-from-comps';
import { formatMoney, formatMoneyRange } from '../money/format-money';
import { defaultNetSheetAssumptions, netSheet, netSheetComparison } from '../net-sheet/net-sheet';
import type { NamedOfferFormula, OfferRange } from '../offer/compute-offer-range';
import { receiptLines } from '../offer/offer-receipt-lines';
import { snapshotReceipt, type OfferRepair } from '../offer/offer-snapshot';
import { formatOfferDate } from '../offer/offer-validity';
import type { DocumentBlock, DocumentContent } from './document-blocks';
import { DOCUMENT_FOOTER } from './offer-letter';

export interface DealSheetInput {
  address: string;
  marketValue: number;
  repairs: OfferRepair[];
  totalRepairCost: number;
  offerRange: OfferRange;
  /** The formula the range was computed with; null when it was not kept (older saved properties). */
  formula: NamedOfferFormula | null;
  date: Date;
  /** The comparable sales behind the ARV (issue 28), when the property keeps them. */
  arvComps?: SavedArvComps | null;
}

/** The comps table (issue 28): each used comp's address, sale date, price, square feet and adjusted price. */
function compsBlocks(arvComps: SavedArvComps | null | undefined): DocumentBlock[] {
  const estimate = arvComps?.estimate;
  if (!arvComps || !estimate) return [];
  return [
    { kind: 'heading', text: `ARV from ${estimate.used.length} comparable sales` },
    {
      kind: 'paragraph',
      text: `ARV ${formatMoney(estimate.arv)}, 80 % range ${formatMoney(estimate.low)} - ${formatMoney(estimate.high)}, confidence ${estimate.confidence}/100. Address · sold · price · sq ft → adjusted price:`,
    },
    {
      kind: 'rows',
      rows: estimate.used.flatMap(({ index, adjustedPrice }) => {
        const comp = arvComps.comps[index];
        if (!comp) return [];
        return [
          {
            label: `${comp.address ?? `Comp ${index + 1}`} · ${comp.soldDate} · ${formatMoney(comp.price)} · ${comp.sqft.toLocaleString('en-US')} sq ft`,
            value: formatMoney(adjustedPrice),
          },
        ];
      }),
    },
  ];
}

/** A figure, or a range ('$5,000 - $20,000'; one figure when both ends are equal). */
const amount = (value: number | OfferRange) => {
  if (typeof value === 'number') return formatMoney(value);
  return value.low === value.high ? formatMoney(value.low) : formatMoneyRange(value);
};
/** A figure taken away: '− $7,000', or '− ($5,000 - $20,000)' for a range. */
const less = (value: number | OfferRange) => {
  const text = amount(value);
  return text.includes(' - ') ? `− (${text})` : `− ${text}`;
};

/**
 * The wholesaler's deal sheet (issue 13): every input, the receipt of the formula that made the
 * range (the same lines the app shows), and the seller's net sheet at its default assumptions.
 */
export function dealSheet(input: DealSheetInput): DocumentContent {
  const receipt = snapshotReceipt(input);
  const inputs: DocumentBlock = {
    kind: 'rows',
    rows: [
      { label: 'Property', value: input.address },
      { label: 'Market value (ARV)', value: formatMoney(input.marketValue) },
      ...input.repairs.map((repair) => ({ label: `Repair: ${repair.name}`, value: formatMoney(repair.cost) })),
      { label: 'Total repairs', value: formatMoney(input.totalRepairCost), emphasis: true },
      { label: 'Formula template', value: input.formula?.name || 'Not recorded' },
    ],
  };
  const howComputed: DocumentBlock[] = receipt
    ? [
        {
          kind: 'rows',
          rows: receiptLines(
            receipt,
            'wholesaler',
            input.formula!.name,
            marketValueFromComps(input.arvComps, input.marketValue),
          ).map((line) => ({
            label: line.label,
            value: line.kind === 'less' ? less(line.amount) : amount(line.amount),
            emphasis: line.kind === 'result',
          })),
        },
      ]
    : [{ kind: 'paragraph', text: 'This offer was kept without its formula, so its computation cannot be shown.' }];

  const options = netSheet(input.offerRange, defaultNetSheetAssumptions(input.marketValue, input.totalRepairCost));
  const netSheetBlocks: DocumentBlock[] = options.flatMap((option): DocumentBlock[] => [
    { kind: 'paragraph', text: `${option.title} (about ${option.months} months)` },
    {
      kind: 'rows',
      rows: [
        { label: 'Price', value: amount(option.price) },
        ...option.costs.map((cost) => ({
          label: `Less ${cost.label.toLowerCase()}`,
          value: less(cost.amount),
        })),
        { label: 'Seller nets', value: amount(option.net), emphasis: true },
      ],
    },
  ]);

  return {
    title: `Deal sheet: ${input.address}`,
    subtitle: formatOfferDate(input.date),
    blocks: [
      { kind: 'figure', label: 'Offer range', value: formatMoneyRange(input.offerRange) },
      { kind: 'heading', text: 'Inputs' },
      inputs,
      ...compsBlocks(input.arvComps),
      { kind: 'heading', text: 'How the offer was computed' },
      ...howComputed,
      { kind: 'heading', text: 'Seller net sheet (default assumptions)' },
      ...netSheetBlocks,
      { kind: 'paragraph', text: netSheetComparison(options) },
    ],
    footer: DOCUMENT_FOOTER,
  };
}
