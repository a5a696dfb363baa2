import { describe, expect, it } from 'vitest';
import { roundToCents } from './round-to-cents';

describe('roundToCents', () => {
  it.each([
    [0.1 + 0.2, 0.3],
    [200000 * 0.7, 140000],
    [1234.565, 1234.57],
    [1234.564, 1234.56],
    [-1.005, -1],
    [0, 0],
  ])('roundToCents(%s) = %s', (input, expected) => {
    expect(roundToCents(input)).toBe(expected);
  });
});
