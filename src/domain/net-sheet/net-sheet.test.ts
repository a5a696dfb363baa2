import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultNetSheetAssumptions,
  netSheet,
  netSheetComparison,
  type NetSheetAssumptions,
  type NetSheetOption,
} from './net-sheet';
import { NetSheetAssumptionsSchema } from './net-sheet-assumptions-schema';

const cashOffer = { low: 111000, high: 126000 };
const total = (option: NetSheetOption) =>
  option.costs.reduce((sum, line) => sum + (typeof line.amount === 'number' ? line.amount : line.amount.low), 0);

const assumptions = fc.record<NetSheetAssumptions>({
  repairedPrice: fc.integer({ min: 0, max: 5_000_000 }),
  asIsPrice: fc.integer({ min: 0, max: 5_000_000 }),
  agentCommissionPercent: fc.double({ min: 0, max: 20, noNaN: true }),
  sellerClosingPercent: fc.double({ min: 0, max: 20, noNaN: true }),
  concessionsPercent: fc.double({ min: 0, max: 20, noNaN: true }),
  repairCost: fc.integer({ min: 0, max: 1_000_000 }),
  repairMonths: fc.integer({ min: 0, max: 36 }),
  monthsOnMarket: fc.integer({ min: 0, max: 36 }),
  cashCloseMonths: fc.double({ min: 0, max: 12, noNaN: true }),
  monthlyTaxes: fc.integer({ min: 0, max: 20_000 }),
  monthlyInsurance: fc.integer({ min: 0, max: 20_000 }),
  monthlyUtilities: fc.integer({ min: 0, max: 20_000 }),
});
const offers = fc
  .tuple(fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 0, max: 100_000 }))
  .map(([low, spread]) => ({ low, high: low + spread }));

describe('seller net sheet', () => {
  it('starts from common figures a homeowner can change, all within the schema’s bounds', () => {
    const defaults = defaultNetSheetAssumptions(200000, 9000);
    expect(defaults).toMatchObject({
      repairedPrice: 200000,
      asIsPrice: 191000,
      agentCommissionPercent: 5.5,
      sellerClosingPercent: 2,
      repairCost: 9000,
      monthlyTaxes: 200,
    });
    expect(NetSheetAssumptionsSchema.safeParse(defaults).success).toBe(true);
  });

  it('shows each option’s price less every cost line, for a $200,000 house with $9,000 of repairs', () => {
    const [cash, asIs, fixed] = netSheet(cashOffer, defaultNetSheetAssumptions(200000, 9000));
    // Half a month of $200 taxes, $150 insurance and $200 utilities.
    expect(cash).toMatchObject({ price: cashOffer, net: { low: 110725, high: 125725 } });
    // 191,000 less 5.5 %, 2 %, 1 % and 3 months of $550.
    expect(asIs?.costs.map((line) => line.amount)).toEqual([10505, 3820, 1910, 1650]);
    expect(asIs?.net).toEqual({ low: 173115, high: 173115 });
    expect(fixed?.costs[0]).toEqual({ label: 'Repairs before listing', amount: 9000 });
    // 200,000 less 9,000 of repairs, 5.5 %, 2 %, 1 % and 5 months of $550.
    expect(fixed?.net).toEqual({ low: 171250, high: 171250 });
    expect(fixed?.months).toBe(5);
  });

  it('nets each option to its price less its costs, and higher costs never raise a net', () => {
    fc.assert(
      fc.property(offers, assumptions, (offer, a) => {
        for (const option of netSheet(offer, a)) {
          expect(option.net.low).toBeCloseTo(option.price.low - total(option), 2);
          expect(option.net.low).toBeLessThanOrEqual(option.net.high);
        }
        const pricier = netSheet(offer, { ...a, agentCommissionPercent: a.agentCommissionPercent + 1 });
        const [cash, asIs, fixed] = netSheet(offer, a);
        expect(pricier[0]!.net).toEqual(cash!.net);
        expect(pricier[1]!.net.low).toBeLessThanOrEqual(asIs!.net.low);
        expect(pricier[2]!.net.low).toBeLessThanOrEqual(fixed!.net.low);
      }),
    );
  });

  it('says an option nets more only when its whole range is above every other', () => {
    fc.assert(
      fc.property(offers, assumptions, (offer, a) => {
        const options = netSheet(offer, a);
        const sentence = netSheetComparison(options);
        const winner = options.find((option) =>
          sentence.startsWith(`With these assumptions, ${option.title.toLowerCase()} nets`),
        );
        if (!winner) {
          expect(sentence).toMatch(/no option clearly nets more/);
          return;
        }
        for (const other of options.filter((option) => option !== winner)) {
          expect(winner.net.low).toBeGreaterThan(other.net.high);
        }
      }),
    );
  });

  it('names the option that nets more, by how much at least', () => {
    const options = netSheet(cashOffer, defaultNetSheetAssumptions(200000, 9000));
    expect(netSheetComparison(options)).toBe(
      'With these assumptions, list as it is nets at least $1,865 more than repair, then list, in about 3 months.',
    );
  });
});
