import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormulaTemplateSchema } from './formula-template';

const valid = {
  name: 'Standard Wholesale',
  description: 'Offers 70% of market value minus repairs.',
  arvMultiplier: 0.7,
  repairMultiplier: 1,
  minProfit: 5000,
  maxProfit: 20000,
};

describe('FormulaTemplateSchema', () => {
  it('accepts a valid template and trims text', () => {
    expect(FormulaTemplateSchema.parse({ ...valid, name: '  Mine  ' }).name).toBe('Mine');
  });

  it.each([
    ['arvMultiplier at the top bound', { arvMultiplier: 1.5 }],
    ['repairMultiplier 0', { repairMultiplier: 0 }],
    ['repairMultiplier 5', { repairMultiplier: 5 }],
    ['equal profits', { minProfit: 10000, maxProfit: 10000 }],
    ['zero profits', { minProfit: 0, maxProfit: 0 }],
    ['empty description', { description: '' }],
    ['100-character name', { name: 'x'.repeat(100) }],
  ])('accepts %s', (_label, change) => {
    expect(FormulaTemplateSchema.safeParse({ ...valid, ...change }).success).toBe(true);
  });

  it.each([
    ['empty name', { name: '  ' }, 'name', 'Template name is required'],
    ['long name', { name: 'x'.repeat(101) }, 'name', 'Template name must be at most 100 characters'],
    ['long description', { description: 'x'.repeat(501) }, 'description', 'Description must be at most 500 characters'],
    ['arvMultiplier 0', { arvMultiplier: 0 }, 'arvMultiplier', 'ARV multiplier must be greater than 0'],
    ['arvMultiplier above 1.5', { arvMultiplier: 1.51 }, 'arvMultiplier', 'ARV multiplier must be at most 1.5'],
    [
      'negative repairMultiplier',
      { repairMultiplier: -0.1 },
      'repairMultiplier',
      'Repair multiplier must be 0 or more',
    ],
    ['repairMultiplier above 5', { repairMultiplier: 5.01 }, 'repairMultiplier', 'Repair multiplier must be at most 5'],
    ['negative minProfit', { minProfit: -1 }, 'minProfit', 'Minimum profit must be 0 or more'],
    [
      'max below min',
      { minProfit: 20000, maxProfit: 5000 },
      'maxProfit',
      'Maximum profit must be at least the minimum profit',
    ],
    ['NaN multiplier', { arvMultiplier: Number.NaN }, 'arvMultiplier', undefined],
    ['infinite profit', { maxProfit: Number.POSITIVE_INFINITY }, 'maxProfit', undefined],
  ])('rejects %s', (_label, change, path, message) => {
    const result = FormulaTemplateSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual([path]);
    if (message) expect(issue?.message).toBe(message);
  });

  it('accepts exactly the templates whose profits are ordered and multipliers in range', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1, max: 2, noNaN: true }),
        fc.double({ min: -1, max: 6, noNaN: true }),
        fc.integer({ min: -10, max: 50000 }),
        fc.integer({ min: -10, max: 50000 }),
        (arvMultiplier, repairMultiplier, minProfit, maxProfit) => {
          const ok =
            arvMultiplier > 0 &&
            arvMultiplier <= 1.5 &&
            repairMultiplier >= 0 &&
            repairMultiplier <= 5 &&
            minProfit >= 0 &&
            maxProfit >= minProfit;
          const result = FormulaTemplateSchema.safeParse({
            ...valid,
            arvMultiplier,
            repairMultiplier,
            minProfit,
            maxProfit,
          });
          expect(result.success).toBe(ok);
        },
      ),
    );
  });
});

describe('FormulaTemplateSchema cost lines', () => {
  it('accepts a full maximum-offer formula, and a template without any cost line', () => {
    const full = {
      ...valid,
      buyingClosingCosts: 3000,
      holdingMonths: 4,
      holdingMonthlyCost: 1500,
      sellingCostPercent: 6,
      financingCosts: 2500,
      assignmentFee: 10000,
    };
    expect(FormulaTemplateSchema.parse(full)).toMatchObject(full);
    expect(FormulaTemplateSchema.parse(valid)).not.toHaveProperty('assignmentFee');
  });

  it.each([
    [{ assignmentFee: -1 }, 'Assignment fee must be $0 or more'],
    [{ sellingCostPercent: 25 }, 'Selling costs must be at most 20% of the market value'],
    [{ holdingMonths: 61 }, 'Holding months must be at most 60'],
    [{ buyingClosingCosts: 2e10 }, 'Buying closing costs must be at most $10,000,000,000'],
  ])('refuses %o with a message', (change, message) => {
    const result = FormulaTemplateSchema.safeParse({ ...valid, ...change });
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
