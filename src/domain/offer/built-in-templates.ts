import type { FormulaTemplate } from './formula-template';

/** Returns a new array of templates ordered by name (en locale, as the formula_templates query orders them, §3); input is not mutated. */
export function sortTemplatesByName<T extends { name: string }>(templates: readonly T[]): T[] {
  return [...templates].sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

const standardWholesale: FormulaTemplate = Object.freeze({
  name: 'Standard Wholesale',
  description: 'Offers 70% of market value minus repairs, keeping $5,000 to $20,000 profit.',
  arvMultiplier: 0.7,
  repairMultiplier: 1,
  minProfit: 5000,
  maxProfit: 20000,
});

// §3: the five built-in templates, used when the formula_templates table cannot be read (§7).
const templates: FormulaTemplate[] = [
  standardWholesale,
  {
    name: 'Aggressive Investor',
    description: 'Offers 60% of market value minus repairs, keeping $10,000 to $30,000 profit.',
    arvMultiplier: 0.6,
    repairMultiplier: 1,
    minProfit: 10000,
    maxProfit: 30000,
  },
  {
    name: 'Light Rehab',
    description: 'Offers 75% of market value minus 80% of repairs, keeping $3,000 to $15,000 profit.',
    arvMultiplier: 0.75,
    repairMultiplier: 0.8,
    minProfit: 3000,
    maxProfit: 15000,
  },
  {
    name: 'Fix & Flip',
    description: 'Offers 80% of market value minus 120% of repairs, keeping $15,000 to $40,000 profit.',
    arvMultiplier: 0.8,
    repairMultiplier: 1.2,
    minProfit: 15000,
    maxProfit: 40000,
  },
  {
    name: 'Buy & Hold',
    description: 'Offers 85% of market value minus repairs, keeping $5,000 to $15,000 profit.',
    arvMultiplier: 0.85,
    repairMultiplier: 1,
    minProfit: 5000,
    maxProfit: 15000,
  },
];

/** The §3 built-in formula templates (ratios and dollars as in the spec), sorted by name and frozen. */
export const builtInTemplates: readonly FormulaTemplate[] = Object.freeze(
  sortTemplatesByName(templates.map((template) => Object.freeze(template))),
);

/** Standard Wholesale (ARV 0.7, repairs 1, profit $5,000 to $20,000): the template a calculator starts with; the same object as in builtInTemplates. */
export const defaultTemplate: FormulaTemplate = standardWholesale;
