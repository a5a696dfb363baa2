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
