import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutralizeFormula } from './neutralize-formula';

describe('neutralizeFormula', () => {
  it.each([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ['+1 555', `'+1 555`],
    ['-5', `'-5`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\t=1', `'\t=1`],
    ['12 Oak St', '12 Oak St'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(neutralizeFormula(input)).toBe(expected);
  });

  it('never leaves a formula trigger first', () => {
    fc.assert(
      fc.property(fc.string(), (cell) => {
        expect(neutralizeFormula(cell)).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });
});
