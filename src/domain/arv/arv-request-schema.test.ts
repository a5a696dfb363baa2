import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation/field-errors';
import { ArvCompSchema, TypedCompSchema, type TypedCompInput } from './arv-request-schema';

const blank: TypedCompInput = {
  price: '',
  soldDate: '',
  sqft: '',
  beds: '',
  baths: '',
  yearBuilt: '',
  address: '',
  lat: '',
  lng: '',
};

describe('TypedCompSchema (a comp typed by hand)', () => {
  it('reads typed text into the comp the estimate takes, leaving blank fields out', () => {
    const result = TypedCompSchema.safeParse({
      ...blank,
      price: '$310,000',
      soldDate: '2025-01-10',
      sqft: '1 500',
      beds: '3',
      baths: '2.5',
      address: '  101 Elm St ',
    });
    expect(result.success && result.data).toEqual({
      price: 310000,
      soldDate: '2025-01-10',
      sqft: 1500,
      beds: 3,
      baths: 2.5,
      address: '101 Elm St',
    });
    expect(ArvCompSchema.safeParse(result.data).success).toBe(true);
  });

  it.each([
    ['price', { price: '' }, 'Enter the sale price in dollars'],
    ['price', { price: 'abc' }, 'Enter the sale price in dollars'],
    ['price', { price: '-5' }, 'The price must be at least $1'],
    ['price', { price: '1e308' }, 'The price must be at most $1,000,000,000'],
    ['soldDate', { soldDate: '' }, 'Enter the sale date'],
    ['soldDate', { soldDate: '10/01/2025' }, 'Use a date like 2024-05-31'],
    ['soldDate', { soldDate: '2025-02-31' }, 'Use a real date'],
    ['sqft', { sqft: '0' }, 'Square feet must be at least 1'],
    ['beds', { beds: 'three' }, 'Enter a number'],
    ['yearBuilt', { yearBuilt: '1985.5' }, 'Enter a year like 1985'],
    ['yearBuilt', { yearBuilt: '1200' }, 'Enter a year from 1600 to 2200'],
    ['lat', { lat: '95', lng: '-97' }, 'A latitude is from -90 to 90'],
    ['lng', { lat: '30.27' }, 'Give both latitude and longitude, or neither'],
  ] as const)('%s: %o → %s', (field, typed, message) => {
    const valid = { ...blank, price: '300000', soldDate: '2025-01-10', sqft: '1500' };
    const errors = fieldErrors(TypedCompSchema.safeParse({ ...valid, ...typed }));
    expect(errors[field]).toBe(message);
  });
});
