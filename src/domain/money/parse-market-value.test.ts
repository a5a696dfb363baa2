import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';
import { MarketValueSchema } from './market-value-schema';
import { marketValueMessages, parseMarketValue } from './parse-market-value';

describe('parseMarketValue accepts', () => {
  it.each([
    ['250,000', 250000],
    ['$250000', 250000],
    ['250000.50', 250000.5],
    [' $ 1,250,000 ', 1250000],
    ['$250,000.00', 250000],
    ['100000.129', 100000.13],
    ['0.01', 0.01],
    ['.5', 0.5],
    ['5.', 5],
    ['10000000000', 1e10],
  ])('%j → %s', (input, value) => {
    expect(parseMarketValue(input)).toEqual({ ok: true, value });
  });
});

describe('parseMarketValue rejects', () => {
  it.each([
    ['', marketValueMessages.required],
    ['   ', marketValueMessages.required],
    ['abc', marketValueMessages.notANumber],
    ['NaN', marketValueMessages.notANumber],
    ['Infinity', marketValueMessages.notANumber],
    ['1e5', marketValueMessages.notANumber],
    ['0x10', marketValueMessages.notANumber],
    ['12.3.4', marketValueMessages.notANumber],
    ['$', marketValueMessages.notANumber],
    ['250k', marketValueMessages.notANumber],
    ['0', marketValueMessages.notPositive],
    ['$0.00', marketValueMessages.notPositive],
    ['0.001', marketValueMessages.notPositive],
    ['-5', marketValueMessages.notPositive],
    ['-$250,000', marketValueMessages.notPositive],
    ['$-250,000', marketValueMessages.notPositive],
    ['10000000000.01', marketValueMessages.tooLarge],
    ['99999999999999999999', marketValueMessages.tooLarge],
  ])('%j → %s', (input, message) => {
    expect(parseMarketValue(input)).toEqual({ ok: false, message });
  });

  it('uses the §5 wording for an empty value', () => {
    expect(marketValueMessages.required).toBe('Please enter the market value');
    expect(marketValueMessages.notPositive).toBe('Market value must be a positive number');
  });
});

describe('parseMarketValue properties', () => {
  it('round-trips formatMoney for positive whole dollars', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e10 }), (n) => {
        expect(parseMarketValue(formatMoney(n))).toEqual({ ok: true, value: n });
      }),
    );
  });

  it('round-trips plain text with cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), (cents) => {
        const dollars = cents / 100;
        expect(parseMarketValue(dollars.toFixed(2))).toEqual({ ok: true, value: dollars });
      }),
    );
  });

  it('never throws and only ever returns positive finite cents up to 1e10', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const result = parseMarketValue(input);
        if (result.ok) {
          expect(result.value).toBeGreaterThan(0);
          expect(result.value).toBeLessThanOrEqual(1e10);
          expect(Math.round(result.value * 100) / 100).toBe(result.value);
        } else {
          expect(Object.values(marketValueMessages)).toContain(result.message);
        }
      }),
    );
  });
});

describe('MarketValueSchema', () => {
  it.each([1, 0.01, 250000, 1e10])('accepts %s', (value) => {
    expect(MarketValueSchema.parse(value)).toBe(value);
  });

  it.each([
    [0, marketValueMessages.notPositive],
    [-1, marketValueMessages.notPositive],
    [1e10 + 1, marketValueMessages.tooLarge],
    [Number.NaN, marketValueMessages.notANumber],
    [Number.POSITIVE_INFINITY, marketValueMessages.notANumber],
    ['250000', marketValueMessages.notANumber],
    [undefined, marketValueMessages.required],
  ])('rejects %s with %j', (value, message) => {
    const result = MarketValueSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
