import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyRange } from './format-money';

describe('formatMoney', () => {
  it.each([
    [120000, '$120,000'],
    [135000, '$135,000'],
    [0, '$0'],
    [-0, '$0'],
    [-0.4, '$0'],
    [999.99, '$1,000'],
    [1234.5, '$1,235'],
    [1234.49, '$1,234'],
    [1250000, '$1,250,000'],
    [-5000, '-$5,000'],
    [1e10, '$10,000,000,000'],
    [Number.NaN, '—'],
    [Number.POSITIVE_INFINITY, '—'],
  ])('formatMoney(%s) = %s', (input, expected) => {
    expect(formatMoney(input)).toBe(expected);
  });

  it('always gives $ and grouped whole dollars for finite non-negative input', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (n) => {
        expect(formatMoney(n)).toMatch(/^\$\d{1,3}(,\d{3})*$/);
      }),
    );
  });
});

describe('formatMoneyRange', () => {
  it.each([
    [{ low: 120000, high: 135000 }, '$120,000 - $135,000'],
    [{ low: -7000, high: 8000 }, '-$7,000 - $8,000'],
    [{ low: 0, high: 0 }, '$0 - $0'],
  ])('formatMoneyRange(%o) = %s', (range, expected) => {
    expect(formatMoneyRange(range)).toBe(expected);
  });
});
