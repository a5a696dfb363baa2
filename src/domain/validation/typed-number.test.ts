import { describe, expect, it } from 'vitest';
import { readTypedNumber } from './typed-number';

describe('readTypedNumber', () => {
  it('reads money and percentages as typed', () => {
    expect(readTypedNumber('$1,200')).toBe(1200);
    expect(readTypedNumber(' 5.5% ')).toBe(5.5);
    expect(readTypedNumber('0')).toBe(0);
  });

  it('is NaN for nothing or words', () => {
    expect(readTypedNumber('')).toBeNaN();
    expect(readTypedNumber(' $ ')).toBeNaN();
    expect(readTypedNumber('lots')).toBeNaN();
  });
});
