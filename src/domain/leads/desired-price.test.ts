import { describe, expect, it } from 'vitest';
import { DesiredPriceSchema, desiredPriceMessages, parseDesiredPrice } from './desired-price';

describe('parseDesiredPrice', () => {
  it.each([
    ['150000', 150000],
    ['$150,000.50', 150000.5],
    [' 120000 ', 120000],
  ])('%j → %s', (input, value) => {
    expect(parseDesiredPrice(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['', desiredPriceMessages.required],
    ['abc', desiredPriceMessages.notANumber],
    ['0', desiredPriceMessages.notPositive],
    ['-5', desiredPriceMessages.notPositive],
    ['20000000000', desiredPriceMessages.tooLarge],
  ])('%j → %s', (input, message) => {
    expect(parseDesiredPrice(input)).toEqual({ ok: false, message });
  });
});

describe('DesiredPriceSchema', () => {
  it.each([
    [undefined, desiredPriceMessages.required],
    ['1', desiredPriceMessages.notANumber],
    [Number.NaN, desiredPriceMessages.notANumber],
    [0, desiredPriceMessages.notPositive],
    [2e10, desiredPriceMessages.tooLarge],
  ])('rejects %s', (input, message) => {
    expect(DesiredPriceSchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });

  it('accepts a positive price', () => {
    expect(DesiredPriceSchema.parse(150000)).toBe(150000);
  });
});
