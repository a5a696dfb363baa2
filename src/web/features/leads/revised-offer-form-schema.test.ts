import { describe, expect, it } from 'vitest';
import { fieldErrors } from '#domain/validation/field-errors.ts';
import {
  parseTypedDollars,
  revisedOfferFormField,
  revisedOfferFormSchema,
  WALKTHROUGH_REPAIRS,
} from './revised-offer-form-schema';

const dealRepairs = [
  { name: 'New Roof', cost: 9000 },
  { name: 'HVAC', cost: 3000 },
];
const schema = revisedOfferFormSchema(dealRepairs);

const values = (overrides: Partial<Record<'marketValue' | 'repairs' | 'templateName' | 'message', string>> = {}) => ({
  marketValue: '200000',
  repairs: '12000',
  templateName: 'Standard Wholesale',
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

describe('revisedOfferFormSchema', () => {
  it("keeps the deal's repair lines while their total is unchanged", () => {
    expect(schema.parse(values({ marketValue: '$200,000', message: '  Best I can do. ' }))).toEqual({
      marketValue: 200000,
      repairs: dealRepairs,
      templateName: 'Standard Wholesale',
      message: 'Best I can do.',
    });
  });

  it("sends a changed total as the walkthrough's one line, and none for 0 or empty", () => {
    expect(schema.parse(values({ repairs: '$25,500' })).repairs).toEqual([{ name: WALKTHROUGH_REPAIRS, cost: 25500 }]);
    expect(schema.parse(values({ repairs: '' })).repairs).toEqual([]);
    expect(schema.parse(values({ repairs: '0' })).repairs).toEqual([]);
  });

  it.each([
    [{ marketValue: '' }, 'marketValue', 'Please enter the after-repair value'],
    [{ marketValue: 'lots' }, 'marketValue', 'Market value must be a number'],
    [{ marketValue: '0' }, 'marketValue', 'Market value must be a positive number'],
    [{ repairs: 'abc' }, 'repairs', 'Repairs must be a number'],
    [{ repairs: '-5' }, 'repairs', 'Repair costs cannot be negative'],
    [{ repairs: '20000000000' }, 'repairs', 'Total repairs must be at most $10,000,000,000'],
    [{ message: 'x'.repeat(2001) }, 'message', 'Message must be at most 2000 characters'],
  ])('%j: %s says %j', (overrides, field, message) => {
    expect(fieldErrors(schema.safeParse(values(overrides)))[field]).toBe(message);
  });
});

describe('revisedOfferFormField', () => {
  it.each([
    ['repairs.0.cost', 'repairs'],
    ['repairs', 'repairs'],
    ['marketValue', 'marketValue'],
    ['templateName', 'templateName'],
    [undefined, null],
    ['something', null],
  ])('%j → %j', (server, form) => {
    expect(revisedOfferFormField(server)).toBe(form);
  });
});
