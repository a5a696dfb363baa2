import { describe, expect, it } from 'vitest';
import { CustomTemplateFormSchema, formValuesOf } from './custom-template-form-schema';

describe('CustomTemplateFormSchema', () => {
  it('reads typed figures into a template, leaving empty cost lines out', () => {
    const parsed = CustomTemplateFormSchema.parse({
      ...formValuesOf(),
      name: ' Mine ',
      minProfit: '$5,000',
      sellingCostPercent: '6%',
    });
    expect(parsed).toEqual({
      name: 'Mine',
      description: '',
      arvMultiplier: 0.7,
      repairMultiplier: 1,
      minProfit: 5000,
      maxProfit: 20000,
      sellingCostPercent: 6,
    });
  });

  it('says which field is wrong, with the shared schema’s words', () => {
    const result = CustomTemplateFormSchema.safeParse({
      ...formValuesOf(),
      name: 'Mine',
      arvMultiplier: '',
      assignmentFee: 'lots',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['arvMultiplier', 'Enter a number'],
      ['assignmentFee', 'Enter a number'],
    ]);
    const bounds = CustomTemplateFormSchema.safeParse({ ...formValuesOf(), name: 'Mine', sellingCostPercent: '25' });
    expect(bounds.error?.issues[0]?.message).toBe('Selling costs must be at most 20% of the market value');
  });

  it('says everything wrong at once: what is no number, what is out of range, and profits the wrong way round', () => {
    const result = CustomTemplateFormSchema.safeParse({
      ...formValuesOf(),
      name: '',
      arvMultiplier: 'abc',
      repairMultiplier: '-1',
      minProfit: '30000',
      maxProfit: '10000',
      holdingMonths: '2.5x',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Template name is required'],
      ['arvMultiplier', 'Enter a number'],
      ['repairMultiplier', 'Repair multiplier must be 0 or more'],
      ['holdingMonths', 'Enter a number'],
      ['maxProfit', 'Maximum profit must be at least the minimum profit'],
    ]);
  });

  it('does not compare the profits while one of them is no figure', () => {
    const result = CustomTemplateFormSchema.safeParse({ ...formValuesOf(), name: 'Mine', minProfit: 'lots' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['minProfit', 'Enter a number'],
    ]);
  });
});
