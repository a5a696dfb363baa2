import { describe, expect, it } from 'vitest';
import { defaultRepairCatalog } from '../repairs/repair-catalog';
import { defaultTemplate } from './built-in-templates';
import { CalculationInputSchema } from './offer-request-schema';

const valid = {
  address: ' 123 Main St, Austin, TX ',
  marketValue: 200000,
  repairs: [...defaultRepairCatalog],
  template: defaultTemplate,
};

describe('CalculationInputSchema', () => {
  it('accepts a calculation and trims the address', () => {
    const parsed = CalculationInputSchema.parse(valid);
    expect(parsed.address).toBe('123 Main St, Austin, TX');
    expect(parsed.repairs).toHaveLength(7);
  });

  it('accepts an empty repair list', () => {
    expect(CalculationInputSchema.safeParse({ ...valid, repairs: [] }).success).toBe(true);
  });

  it.each([
    ['blank address', { address: '   ' }, ['address'], 'Please enter a property address'],
    ['long address', { address: 'x'.repeat(301) }, ['address'], 'Address must be at most 300 characters'],
    ['zero market value', { marketValue: 0 }, ['marketValue'], 'Market value must be a positive number'],
    ['missing market value', { marketValue: undefined }, ['marketValue'], 'Please enter the market value'],
    [
      '51 repairs',
      { repairs: Array.from({ length: 51 }, () => defaultRepairCatalog[0]) },
      ['repairs'],
      'At most 50 repair items',
    ],
    [
      'negative repair cost',
      { repairs: [{ ...defaultRepairCatalog[0], cost: -1 }] },
      ['repairs', 0, 'cost'],
      'Repair cost must be 0 or more',
    ],
    [
      'bad template',
      { template: { ...defaultTemplate, arvMultiplier: 2 } },
      ['template', 'arvMultiplier'],
      'ARV multiplier must be at most 1.5',
    ],
  ])('rejects %s', (_label, change, path, message) => {
    const result = CalculationInputSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path, message });
  });
});
