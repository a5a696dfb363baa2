import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEAL_DISPOSITIONS } from './deal-disposition';
import { computeFeeLedger, type FeeLedgerInput } from './fee-ledger';

const input = (overrides: Partial<FeeLedgerInput> = {}): FeeLedgerInput => ({
  contractPrice: 150_000,
  disposition: null,
  dispositionPrice: null,
  primaryOfferAmount: null,
  marketingCost: null,
  earnestMoneyLost: null,
  closingCosts: null,
  ...overrides,
});

describe('computeFeeLedger', () => {
  it.each([
    // An assignment: the fee is what the buyer pays over the contract; closing costs are the buyer's.
    [
      'assigned',
      input({ disposition: 'assigned', dispositionPrice: 172_500, marketingCost: 350, closingCosts: 4_000 }),
      { salePrice: 172_500, projected: false, fee: 22_500, costsTotal: 350, netFee: 22_150 },
    ],
    // A double close: the resale's spread, less the wholesaler's own closing costs.
    [
      'double-closed',
      input({ disposition: 'double-closed', dispositionPrice: 190_000, closingCosts: 6_250.5, marketingCost: 400 }),
      { salePrice: 190_000, projected: false, fee: 40_000, costsTotal: 6_650.5, netFee: 33_349.5 },
    ],
    // Not sold yet: the primary buyer's offer shows the fee it would bring.
    [
      'projected',
      input({ primaryOfferAmount: 165_000, earnestMoneyLost: 1_000 }),
      { salePrice: 165_000, projected: true, fee: 15_000, costsTotal: 1_000, netFee: 14_000 },
    ],
    // Nothing to price yet.
    ['unknown', input(), { salePrice: null, projected: false, fee: null, costsTotal: 0, netFee: null }],
    // No contract price: no fee, whatever it sold for.
    [
      'no contract price',
      input({ contractPrice: null, disposition: 'assigned', dispositionPrice: 170_000 }),
      { salePrice: 170_000, projected: false, fee: null, costsTotal: 0, netFee: null },
    ],
    // Sold under the contract price: a loss, said as a negative fee.
    [
      'a loss',
      input({ disposition: 'assigned', dispositionPrice: 149_000.1, marketingCost: 0.2 }),
      { salePrice: 149_000.1, projected: false, fee: -999.9, costsTotal: 0.2, netFee: -1_000.1 },
    ],
  ] as const)('%s', (_, given, expected) => {
    const ledger = computeFeeLedger(given);
    expect({
      salePrice: ledger.salePrice,
      projected: ledger.projected,
      fee: ledger.fee,
      costsTotal: ledger.costs.total,
      netFee: ledger.netFee,
    }).toEqual(expected);
  });

  const amount = fc.integer({ min: 0, max: 1_000_000_000_000 }).map((cents) => cents / 100);
  const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
  const ledgerInput = fc.record({
    contractPrice: maybe(amount),
    disposition: maybe(fc.constantFrom(...DEAL_DISPOSITIONS)),
    dispositionPrice: maybe(amount),
    primaryOfferAmount: maybe(amount),
    marketingCost: maybe(amount),
    earnestMoneyLost: maybe(amount),
    closingCosts: maybe(amount),
  });

  it('keeps net fee = fee − costs to the cent, with costs the sum of their parts', () => {
    fc.assert(
      fc.property(ledgerInput, (given) => {
        const ledger = computeFeeLedger(given);
        const { marketing, earnestMoneyLost, closingCosts, total } = ledger.costs;
        expect(Math.round(total * 100)).toBe(
          Math.round(marketing * 100) + Math.round(earnestMoneyLost * 100) + Math.round(closingCosts * 100),
        );
        if (ledger.fee === null) expect(ledger.netFee).toBeNull();
        else expect(Math.round(ledger.netFee! * 100)).toBe(Math.round(ledger.fee * 100) - Math.round(total * 100));
      }),
    );
  });

  it('counts closing costs for a double close only, and a fee only from a recorded sale or the primary offer', () => {
    fc.assert(
      fc.property(ledgerInput, (given) => {
        const ledger = computeFeeLedger(given);
        if (given.disposition !== 'double-closed') expect(ledger.costs.closingCosts).toBe(0);
        const sold = given.disposition !== null && given.dispositionPrice !== null;
        expect(ledger.salePrice).toBe(sold ? given.dispositionPrice : given.primaryOfferAmount);
        expect(ledger.projected).toBe(!sold && given.primaryOfferAmount !== null);
        if (given.contractPrice !== null && ledger.salePrice !== null)
          expect(Math.round(ledger.fee! * 100)).toBe(
            Math.round(ledger.salePrice * 100) - Math.round(given.contractPrice * 100),
          );
      }),
    );
  });

  it('raises the fee by exactly what a higher sale price adds', () => {
    fc.assert(
      fc.property(amount, amount, amount, (contractPrice, price, more) => {
        const at = (dispositionPrice: number) =>
          computeFeeLedger(input({ contractPrice, disposition: 'assigned', dispositionPrice })).fee!;
        expect(Math.round((at(price + more) - at(price)) * 100)).toBe(Math.round(more * 100));
      }),
    );
  });
});
