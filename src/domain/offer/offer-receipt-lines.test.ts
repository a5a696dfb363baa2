import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtInTemplates, defaultTemplate } from './built-in-templates';
import { computeOfferRange, computeOfferReceipt } from './compute-offer-range';
import { receiptLines } from './offer-receipt-lines';

describe('offer receipt', () => {
  it('shows a homeowner every step in plain words, with the figures the offer was computed from', () => {
    const receipt = computeOfferReceipt({ marketValue: 200000, totalRepairCost: 9000, template: defaultTemplate });
    expect(receiptLines(receipt, 'homeowner')).toEqual([
      { kind: 'start', label: 'Market value of the home once repaired', amount: 200000 },
      { kind: 'subtotal', label: 'What a cash buyer can pay: 70% of the market value', amount: 140000 },
      { kind: 'less', label: 'Less the repairs the buyer will pay for', amount: 9000 },
      { kind: 'less', label: 'Less the buyer’s costs and profit', amount: { low: 5000, high: 20000 } },
      { kind: 'result', label: 'Your cash offer', amount: { low: 111000, high: 126000 } },
    ]);
  });

  it('shows a wholesaler the template and its multipliers', () => {
    const investor = builtInTemplates.find((template) => template.repairMultiplier !== 1) ?? {
      ...defaultTemplate,
      repairMultiplier: 1.2,
    };
    const receipt = computeOfferReceipt({ marketValue: 200000, totalRepairCost: 10000, template: investor });
    const lines = receiptLines(receipt, 'wholesaler', investor.name);
    expect(lines.map((line) => line.label)).toEqual([
      'Market value (ARV)',
      `× ARV multiplier ${investor.arvMultiplier}`,
      `Repairs $10,000 × repair multiplier ${investor.repairMultiplier}`,
      'Profit (minimum to maximum)',
      `Offer range (${investor.name})`,
    ]);
    expect(lines.at(-1)?.amount).toEqual(
      computeOfferRange({ marketValue: 200000, totalRepairCost: 10000, template: investor }),
    );
  });

  it("says when a wholesaler's market value is the ARV from comparable sales, with its range and confidence", () => {
    const receipt = computeOfferReceipt({ marketValue: 309700, totalRepairCost: 7000, template: defaultTemplate });
    const fromComps = { compCount: 4, low: 295900, high: 324300, confidence: 90 };
    const [first, ...rest] = receiptLines(receipt, 'wholesaler', defaultTemplate.name, fromComps);
    expect(first).toEqual({
      kind: 'start',
      label: 'Market value: ARV from 4 comparable sales (80 % range $295,900–$324,300, confidence 90/100)',
      amount: 309700,
    });
    // Only the first line's words change: every figure is the receipt's.
    expect(rest).toEqual(receiptLines(receipt, 'wholesaler', defaultTemplate.name).slice(1));
  });

  it('leaves out the repair line for a homeowner without repairs', () => {
    const receipt = computeOfferReceipt({ marketValue: 200000, totalRepairCost: 0, template: defaultTemplate });
    expect(receiptLines(receipt, 'homeowner').map((line) => line.kind)).toEqual([
      'start',
      'subtotal',
      'less',
      'result',
    ]);
  });

  it('always ends in the range computeOfferRange gives, and its steps add up to it', () => {
    const money = fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(
        money,
        money,
        fc.constantFrom(...builtInTemplates),
        fc.constantFrom<'homeowner' | 'wholesaler'>('homeowner', 'wholesaler'),
        (marketValue, totalRepairCost, template, audience) => {
          const receipt = computeOfferReceipt({ marketValue, totalRepairCost, template });
          const range = computeOfferRange({ marketValue, totalRepairCost, template });
          expect(receiptLines(receipt, audience, template.name).at(-1)?.amount).toEqual(range);
          const base = receipt.buyerValue - receipt.repairAllowance;
          // Whole dollars, floored after rounding to cents: within a dollar of the exact figure.
          expect(base - receipt.maxProfit - range.low).toBeGreaterThan(-0.01);
          expect(base - receipt.maxProfit - range.low).toBeLessThan(1);
          expect(range.high - range.low).toBeCloseTo(receipt.maxProfit - receipt.minProfit, -1);
        },
      ),
    );
  });
});

describe('full maximum-offer formula', () => {
  const full = {
    ...defaultTemplate,
    buyingClosingCosts: 3000,
    holdingMonths: 4,
    holdingMonthlyCost: 1500,
    sellingCostPercent: 6,
    financingCosts: 2500,
    assignmentFee: 10000,
  };

  it('takes every cost line off the buyer’s value, and shows each', () => {
    const receipt = computeOfferReceipt({ marketValue: 200000, totalRepairCost: 9000, template: full });
    // 140,000 − 9,000 − 3,000 − 6,000 − 12,000 − 2,500 − 10,000 = 97,500; less 20,000 and 5,000.
    expect(receipt.range).toEqual({ low: 77500, high: 92500 });
    expect(receiptLines(receipt, 'wholesaler', 'Full').map((line) => [line.label, line.amount])).toEqual([
      ['Market value (ARV)', 200000],
      ['× ARV multiplier 0.7', 140000],
      ['Repairs $9,000 × repair multiplier 1', 9000],
      ['Buying closing costs', 3000],
      ['Holding 4 months × $1,500', 6000],
      ['Selling costs 6% of ARV', 12000],
      ['Financing costs', 2500],
      ['Assignment fee', 10000],
      ['Profit (minimum to maximum)', { low: 5000, high: 20000 }],
      ['Offer range (Full)', { low: 77500, high: 92500 }],
    ]);
    expect(receiptLines(receipt, 'homeowner').map((line) => line.label)).toContain(
      'Less the buyer’s costs of holding the house for 4 months',
    );
  });

  it('leaves the five built-in templates and the spec’s results as they were', () => {
    const noCosts = { ...defaultTemplate, buyingClosingCosts: 0, holdingMonths: 3, holdingMonthlyCost: 0 };
    expect(computeOfferRange({ marketValue: 200000, totalRepairCost: 0, template: noCosts })).toEqual({
      low: 120000,
      high: 135000,
    });
    expect(computeOfferRange({ marketValue: 200000, totalRepairCost: 7000, template: defaultTemplate })).toEqual({
      low: 113000,
      high: 128000,
    });
    for (const template of builtInTemplates) {
      expect(computeOfferReceipt({ marketValue: 200000, totalRepairCost: 0, template }).costs).toEqual([]);
    }
  });
});
