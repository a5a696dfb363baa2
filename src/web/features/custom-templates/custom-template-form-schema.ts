import { z } from 'zod';
import { FormulaTemplateSchema, profitsInOrder, type FormulaTemplate } from '#domain/offer/formula-template.ts';
import { readTypedNumber } from '#domain/validation/typed-number.ts';

const NOT_A_NUMBER = 'Enter a number';

const requiredNumber = z
  .string()
  .trim()
  .min(1, { error: NOT_A_NUMBER, abort: true })
  .transform(readTypedNumber)
  .refine(Number.isFinite, NOT_A_NUMBER);

/** A cost line left empty is no cost line. */
const optionalNumber = z
  .string()
  .trim()
  .transform((typed) => (typed === '' ? undefined : readTypedNumber(typed)))
  .refine((value) => value === undefined || Number.isFinite(value), NOT_A_NUMBER);

const template = FormulaTemplateSchema.shape;

/**
 * The template form as typed (every field text), each field read and checked on its own against
 * the server's schema, so a refused save shows every message at once (not the range checks only
 * once every field is a number). An empty cost line is absent, as the server's schema expects.
 */
export const CustomTemplateFormSchema = z
  .object({
    name: template.name,
    description: template.description,
    arvMultiplier: requiredNumber.pipe(template.arvMultiplier),
    repairMultiplier: requiredNumber.pipe(template.repairMultiplier),
    minProfit: requiredNumber.pipe(template.minProfit),
    maxProfit: requiredNumber.pipe(template.maxProfit),
    buyingClosingCosts: optionalNumber.pipe(template.buyingClosingCosts),
    holdingMonths: optionalNumber.pipe(template.holdingMonths),
    holdingMonthlyCost: optionalNumber.pipe(template.holdingMonthlyCost),
    sellingCostPercent: optionalNumber.pipe(template.sellingCostPercent),
    financingCosts: optionalNumber.pipe(template.financingCosts),
    assignmentFee: optionalNumber.pipe(template.assignmentFee),
  })
  .refine(profitsInOrder.check, {
    ...profitsInOrder.params,
    // Said with the other messages, whenever both profits are figures.
    when: ({ value }) => {
      const { minProfit, maxProfit } = value as { minProfit: unknown; maxProfit: unknown };
      return Number.isFinite(minProfit) && Number.isFinite(maxProfit);
    },
  });

export type CustomTemplateFormValues = Record<keyof z.input<typeof CustomTemplateFormSchema>, string>;

/** A template's figures as the form shows them (absent cost lines empty). */
export function formValuesOf(template?: FormulaTemplate): CustomTemplateFormValues {
  const text = (value: number | undefined) => (value === undefined ? '' : String(value));
  return {
    name: template?.name ?? '',
    description: template?.description ?? '',
    arvMultiplier: text(template?.arvMultiplier ?? 0.7),
    repairMultiplier: text(template?.repairMultiplier ?? 1),
    minProfit: text(template?.minProfit ?? 5000),
    maxProfit: text(template?.maxProfit ?? 20000),
    buyingClosingCosts: text(template?.buyingClosingCosts),
    holdingMonths: text(template?.holdingMonths),
    holdingMonthlyCost: text(template?.holdingMonthlyCost),
    sellingCostPercent: text(template?.sellingCostPercent),
    financingCosts: text(template?.financingCosts),
    assignmentFee: text(template?.assignmentFee),
  };
}
