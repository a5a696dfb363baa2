import { describe, expect, it } from 'vitest';
import { fieldErrors } from '#domain/validation/field-errors.ts';
import { parseTypedDollars, revisedOfferFormField, RevisedOfferFormSchema } from './revised-offer-form-schema';

const values = (overrides: Partial<Record<'low' | 'high' | 'marketValue' | 'message', string>> = {}) => ({
  low: '125000',
  high: '140000',
  marketValue: '',
  message: '',
  ...overrides,
});

describe('parseTypedDollars', () => {
  it.each([
    ['125000', 125000],
    ['$125,000', 125000],
    [' 1 000 ', 1000],
    ['', undefined],
    ['  ', undefined],
  ])('%j → %j', (text, amount) => {
    expect(parseTypedDollars(text)).toBe(amount);
  });
  it('gives NaN for text that is not a number', () => {
    expect(parseTypedDollars('abc')).toBeNaN();
  });
});

describe('RevisedOfferFormSchema', () => {
  it('turns the typed fields into the request the server takes', () => {
    expect(RevisedOfferFormSchema.parse(values({ low: '$125,000', message: '  Best I can do. ' }))).toEqual({
      offerRange: { low: 125000, high: 140000 },
      message: 'Best I can do.',
    });
    expect(RevisedOfferFormSchema.parse(values({ marketValue: '200,000' }))).toMatchObject({ marketValue: 200000 });
  });

  it.each([
    [{ low: '' }, 'low', 'Please enter the low offer'],
    [{ high: '' }, 'high', 'Please enter the high offer'],
    [{ low: 'abc' }, 'low', 'Offer amounts must be numbers'],
    [{ low: '1.5' }, 'low', 'Offer amounts are whole dollars'],
    [{ low: '-5' }, 'low', 'Offer amounts must be 0 or more'],
    [{ low: '150000' }, 'low', 'The low offer must not be above the high offer'],
    [{ marketValue: 'lots' }, 'marketValue', 'Market value must be a number'],
    [{ marketValue: '0' }, 'marketValue', 'Market value must be a positive number'],
    [{ message: 'x'.repeat(2001) }, 'message', 'Message must be at most 2000 characters'],
  ])('%j: %s says %j', (overrides, field, message) => {
    expect(fieldErrors(RevisedOfferFormSchema.safeParse(values(overrides)))[field]).toBe(message);
  });
});

describe('revisedOfferFormField', () => {
  it.each([
    ['offerRange.low', 'low'],
    ['offerRange.high', 'high'],
    ['marketValue', 'marketValue'],
    [undefined, null],
    ['something', null],
  ])('%j → %j', (server, form) => {
    expect(revisedOfferFormField(server)).toBe(form);
  });
});
