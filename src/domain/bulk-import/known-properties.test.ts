import { describe, expect, it } from 'vitest';
import { flagKnownProperties, houseNumber, knownPropertyNote, sameProperty } from './known-properties';

describe('sameProperty: the same street, and the same ZIP when both give one', () => {
  it.each([
    ['12 Oak Street, Austin, TX 78701', '12 OAK ST., Austin, TX', true],
    ['12 Oak St, Austin, TX 78701', '12 Oak St, Austin, TX 78702', false],
    ['12 Oak St', '14 Oak St', false],
    ['12 North Elm Ave', '12 N Elm Avenue, Reno, NV 89501', true],
    ['', '', false],
  ])('%j and %j → %j', (a, b, same) => {
    expect(sameProperty(a, b)).toBe(same);
  });
});

describe('flagKnownProperties', () => {
  const rows = [
    { address: '12 Oak St, Austin, TX 78701', low: 100, high: 200 },
    { address: '9 Pine St', low: 100, high: 200 },
  ];
  it('flags a row with other figures, a lead before a saved property; the same figures are not flagged', () => {
    expect(
      flagKnownProperties(rows, [
        { kind: 'saved', address: '12 Oak Street', low: 50, high: 60 },
        { kind: 'lead', address: '12 OAK ST, Austin, TX 78701', low: 70, high: 80 },
        { kind: 'lead', address: '9 Pine St', low: 100, high: 200 },
        { kind: 'lead', address: '9 Pine St', low: null, high: null },
      ]),
    ).toEqual([{ index: 0, kind: 'lead', offer: { low: 70, high: 80 }, note: 'Already a lead: offer $70–$80' }]);
  });

  it('says a saved property in words', () => {
    expect(knownPropertyNote('saved', { low: 120_000, high: 135_000 })).toBe('Already saved: offer $120,000–$135,000');
    expect(houseNumber(' 12B Oak St')).toBe('12B');
    expect(houseNumber('Oak St')).toBeNull();
  });
});
