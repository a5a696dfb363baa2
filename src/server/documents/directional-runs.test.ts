import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitDirectionalRuns } from './directional-runs';

const ltr = (text: string) => ({ text, rightToLeft: false });
const rtl = (text: string) => ({ text, rightToLeft: true });

describe('splitDirectionalRuns', () => {
  it.each([
    ['12 Oak St, Austin, TX', [ltr('12 Oak St, Austin, TX')]],
    ['', [ltr('')]],
    ['شارع الملك فهد', [rtl('شارع الملك فهد')]],
    ['Cash offer for 12 شارع الملك فهد, Riyadh', [ltr('Cash offer for 12 '), rtl('شارع الملك فهد'), ltr(', Riyadh')]],
    // Digits end a run: they are drawn left to right between the words.
    ['شارع 12 الملك', [rtl('شارع'), ltr(' 12 '), rtl('الملك')]],
    // Vowel signs (script Inherited) stay with their letter, also at the end of a run.
    ['مُحَمَّد Lee', [rtl('مُحَمَّد'), ltr(' Lee')]],
    ['שלום עולם and Ωμέγα', [rtl('שלום עולם'), ltr(' and Ωμέγα')]],
    ['عربي\nعربي', [rtl('عربي'), ltr('\n'), rtl('عربي')]],
  ])('%j', (text, runs) => {
    expect(splitDirectionalRuns(text)).toEqual(runs);
  });

  it('loses and reorders nothing: the runs joined are the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        expect(
          splitDirectionalRuns(text)
            .map((run) => run.text)
            .join(''),
        ).toBe(text);
      }),
    );
  });
});
