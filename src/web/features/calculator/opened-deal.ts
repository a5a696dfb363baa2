import type { SavedArvComps } from '#domain/arv/arv-request-schema.ts';
import { storedMarketValueSource } from '#domain/arv/market-value-source.ts';
import type { NamedOfferFormula } from '#domain/offer/compute-offer-range.ts';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import type { RepairItem } from '#domain/repairs/repair-catalog.ts';
import type { RepairEstimate } from '#domain/repairs/repair-estimate.ts';
import { calculatorStateFromDraft } from './calculation-draft';
import { calculatorReducer, initialCalculatorState, type CalculatorState } from './calculator-state';

/** One earlier version of a saved property, as its history lists it (dollars). */
export interface OpenedDealVersion {
  id: string;
  replacedAt: string;
  marketValue: number;
  totalRepairCost: number;
  offerRange: { low: number; high: number };
}

/**
 * A deal opened in the calculator (issue 42 §4): a saved property (`/?saved={id}`), saved again in
 * place, or a lead's property (`/?lead={id}`), saved as a new one. Figures in dollars.
 */
export interface OpenedDeal {
  /** The saved property this edits; null: a lead's figures. */
  savedPropertyId: string | null;
  /** The lead whose property this is, when opened from a lead without a saved property: saving makes it the lead's deal. */
  leadId: string | null;
  address: string;
  marketValue: number | null;
  repairs: readonly { name: string; cost: number }[];
  repairEstimate: RepairEstimate | null;
  formula: NamedOfferFormula | null;
  arvComps: SavedArvComps | null;
  contact: { name: string; email: string; phones: string[] };
  /** The saved property's earlier versions, newest first. */
  versions: OpenedDealVersion[];
}

/**
 * The calculator as a deal left it: its address, value (from its comps when they made it), its
 * repairs (the checklist's items by name; an estimate as kept; other lines as line items) and
 * template (the workspace's by name, else the deal's own formula), the offer computed again.
 */
export function calculatorStateFromDeal(
  deal: OpenedDeal,
  repairCatalog: readonly RepairItem[],
  templates: readonly FormulaTemplate[],
  fallbackTemplate: FormulaTemplate,
): CalculatorState {
  const template =
    templates.find((candidate) => candidate.name === deal.formula?.name) ??
    (deal.formula ? { description: '', ...deal.formula } : fallbackTemplate);
  if (deal.marketValue === null) {
    const state = initialCalculatorState(repairCatalog, template);
    return calculatorReducer(state, { type: 'setAddress', address: deal.address });
  }
  const catalogNames = new Set(repairCatalog.map((item) => item.name));
  const onChecklist = !deal.repairEstimate && deal.repairs.every((repair) => catalogNames.has(repair.name));
  const costs = new Map(deal.repairs.map((repair) => [repair.name, repair.cost]));
  const repairs = repairCatalog.map((item) =>
    onChecklist && costs.has(item.name) ? { ...item, isSelected: true, cost: costs.get(item.name)! } : item,
  );
  const repairEstimate: RepairEstimate | undefined =
    deal.repairEstimate ??
    (onChecklist || deal.repairs.length === 0
      ? undefined
      : {
          mode: 'line-items',
          items: deal.repairs.map((repair) => ({ name: repair.name, quantity: 1, unitCost: repair.cost })),
        });
  return calculatorStateFromDraft(
    {
      input: { address: deal.address, marketValue: deal.marketValue, repairs, repairEstimate, template },
      userType: 'wholesaler',
      marketValueSource: storedMarketValueSource(deal.arvComps, deal.marketValue),
    },
    repairCatalog,
    templates,
  );
}
