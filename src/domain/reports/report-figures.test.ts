import { describe, expect, it } from 'vitest';
import { emptyCounts, REPORT_COLUMNS, reportRow, reportTableCsv } from './report-figures';

describe('reportRow', () => {
  it.each([
    { costCents: 0, leads: 0, closed: 0, cost: 0, perLead: null, perDeal: null },
    { costCents: 10_000, leads: 3, closed: 0, cost: 100, perLead: 33.33, perDeal: null },
    { costCents: 12_345, leads: 5, closed: 2, cost: 123.45, perLead: 24.69, perDeal: 61.73 },
  ])(
    'costs $costCents cents over $leads leads and $closed deals',
    ({ costCents, leads, closed, cost, perLead, perDeal }) => {
      const row = reportRow('k', 'Label', { ...emptyCounts(), costCents, leads, closed });
      expect(row).toMatchObject({ key: 'k', label: 'Label', cost, costPerLead: perLead, costPerDeal: perDeal });
    },
  );
});

describe('reportTableCsv', () => {
  it('writes a heading and a line per row, empty cells for figures without a value', () => {
    const row = reportRow('mail', 'Mail', {
      ...emptyCounts(),
      reached: 4,
      leads: 2,
      closed: 0,
      costCents: 400,
      days: { contacted: 1.5, appointment: null, offer: null, contract: null, closed: null },
    });
    const lines = reportTableCsv('by-source', [row]).split('\r\n');
    expect(lines[0]).toBe(['Lead source', ...REPORT_COLUMNS.map((column) => column.heading)].join(','));
    expect(lines[1]).toBe('Mail,4,2,0,0,0,0,0,0,4,2,,1.5,,,,');
    expect(lines[2]).toBe('');
  });

  it('quotes names with commas and neutralises a name a spreadsheet would run', () => {
    const rows = [reportRow('a', 'Lee, Dan', emptyCounts()), reportRow('b', '=HYPERLINK("x")', emptyCounts())];
    const lines = reportTableCsv('by-member', rows).split('\r\n');
    expect(lines[1]!.startsWith('"Lee, Dan",')).toBe(true);
    expect(lines[2]!.startsWith(`"'=HYPERLINK(""x"")",`)).toBe(true);
  });
});
