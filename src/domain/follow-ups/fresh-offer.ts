import { builtInTemplates, defaultTemplate } from '../offer/built-in-templates';
import {
  computeOfferReceipt,
  namedFormula,
  offerIsWorkable,
  type NamedOfferFormula,
  type OfferRange,
} from '../offer/compute-offer-range';

/**
 * The formula a nurture step's fresh offer is computed with: the one the lead's offer was computed
 * with when it was kept, else the workspace's template of that name (its own first, then a
 * built-in, names compared in any letter case), else Standard Wholesale.
 */
export function freshOfferFormula({
  kept,
  templateName,
  workspaceTemplates,
}: {
  kept: NamedOfferFormula | null;
  templateName: string;
  workspaceTemplates: readonly NamedOfferFormula[];
}): NamedOfferFormula {
  if (kept) return kept;
  const named = (template: NamedOfferFormula) => template.name.toLowerCase() === templateName.trim().toLowerCase();
  const template = workspaceTemplates.find(named) ?? builtInTemplates.find(named) ?? defaultTemplate;
  return namedFormula(template);
}

/**
 * A fresh offer from the lead's current figures (market value and repairs, in dollars) and the
 * formula: computeOfferReceipt's range in whole dollars, or null when the deal does not work at
 * that market value (a negative low): a step then re-states the offer already made.
 */
export function freshOfferRange({
  marketValue,
  totalRepairCost,
  formula,
}: {
  marketValue: number;
  totalRepairCost: number;
  formula: NamedOfferFormula;
}): OfferRange | null {
  const { range } = computeOfferReceipt({ marketValue, totalRepairCost, template: formula });
  return offerIsWorkable(range) ? range : null;
}
