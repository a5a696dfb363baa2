import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhoneInput, isValidPhone } from './phone';

// A prefix of ###-###-####, as the field looks while it is being typed.
const PARTIAL_PHONE = /^(\d{0,3}|\d{3}-\d{1,3}|\d{3}-\d{3}-\d{1,4})$/;

describe('formatPhoneInput', () => {
  it.each([
    ['', ''],
    ['5', '5'],
    ['555', '555'],
    ['5551', '555-1'],
    ['555123', '555-123'],
    ['5551234', '555-123-4'],
    ['5551234567', '555-123-4567'],
    ['555-123-45678', '555-123-4567'],
    ['(555) 123-4567', '555-123-4567'],
    ['555.123.4567 ext 9', '555-123-4567'],
    ['555-', '555'],
    ['abc', ''],
  ])('%j → %j', (raw, formatted) => {
    expect(formatPhoneInput(raw)).toBe(formatted);
  });

  it('always gives a prefix of ###-###-####', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        expect(formatPhoneInput(raw)).toMatch(PARTIAL_PHONE);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const once = formatPhoneInput(raw);
        expect(formatPhoneInput(once)).toBe(once);
      }),
    );
  });

  it('keeps the first ten digits in order', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789 -().x') }), (raw) => {
        const digits = raw.replace(/\D/g, '').slice(0, 10);
        expect(formatPhoneInput(raw).replace(/-/g, '')).toBe(digits);
      }),
    );
  });

  it('gives a valid phone exactly when ten or more digits were typed', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789-') }), (raw) => {
        expect(isValidPhone(formatPhoneInput(raw))).toBe(raw.replace(/\D/g, '').length >= 10);
      }),
    );
  });
});

describe('isValidPhone', () => {
  it.each([
    ['555-123-4567', true],
    ['000-000-0000', true],
    ['5551234567', false],
    ['555-123-456', false],
    ['555-123-45678', false],
    [' 555-123-4567', false],
    ['(555) 123-4567', false],
    ['', false],
  ])('%j → %s', (phone, valid) => {
    expect(isValidPhone(phone)).toBe(valid);
  });
});
