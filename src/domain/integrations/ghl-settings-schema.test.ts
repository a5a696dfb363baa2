import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation/field-errors';
import { GhlSettingsSchema, lastFour } from './ghl-settings-schema';

describe('GhlSettingsSchema', () => {
  it('trims both values', () => {
    expect(GhlSettingsSchema.parse({ apiKey: ' pit-1234-abcd ', locationId: ' ve9EPM428h8vShlRW1KT ' })).toEqual({
      apiKey: 'pit-1234-abcd',
      locationId: 've9EPM428h8vShlRW1KT',
    });
  });

  it.each([
    [
      { apiKey: '', locationId: '' },
      { apiKey: 'API key is required', locationId: 'Location ID is required' },
    ],
    [
      { apiKey: 'two words', locationId: 'a/b' },
      {
        apiKey: 'API key must not contain spaces',
        locationId: 'Location ID may contain only letters, digits, - and _',
      },
    ],
  ])('%j is refused', (input, errors) => {
    expect(fieldErrors(GhlSettingsSchema.safeParse(input))).toEqual(errors);
  });
});

describe('lastFour', () => {
  it('shows the last four characters of a long secret only', () => {
    expect(lastFour('pit-0123456789-abcd')).toBe('abcd');
    expect(lastFour('short-key')).toBe('');
  });
});
