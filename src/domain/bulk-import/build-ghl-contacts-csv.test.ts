import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buildGhlContactsCsv, GHL_CONTACTS_COLUMNS } from './build-ghl-contacts-csv';
import type { BulkImportProperty } from './bulk-import-property';

const property: BulkImportProperty = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  address: '12 Oak St, Austin, TX',
  marketValue: 250000,
  offerRange: { low: 155000, high: 170000 },
};

describe('buildGhlContactsCsv', () => {
  it('writes the §3 columns and the file name ghl_contacts_bulk_{date}.csv', () => {
    const { fileName, content } = buildGhlContactsCsv([property], '2026-03-01');
    expect(fileName).toBe('ghl_contacts_bulk_2026-03-01.csv');
    expect(content).toBe(
      'First Name,Last Name,Email,Address,Custom.Market Value,Custom.Offer Low,Custom.Offer High,Custom.Property Address,Tags,Source\r\n' +
        'Ann,Lee,ann@example.com,"12 Oak St, Austin, TX",250000,155000,170000,"12 Oak St, Austin, TX",Cash Offer Generated,Cash Offer Calculator\r\n',
    );
  });

  it('neutralises every cell a spreadsheet would run as a formula, and quotes what needs it', () => {
    const hostile = {
      ...property,
      firstName: '=HYPERLINK("http://evil","x")',
      lastName: '+1',
      email: '@a@x.com',
      address: '-12 Oak\nSt',
    };
    const { content } = buildGhlContactsCsv([hostile], '2026-03-01');
    const [header, row] = Papa.parse<string[]>(content, { skipEmptyLines: true }).data;
    expect(header).toEqual([...GHL_CONTACTS_COLUMNS]);
    expect(row?.slice(0, 4)).toEqual([`'=HYPERLINK("http://evil","x")`, "'+1", "'@a@x.com", "'-12 Oak\nSt"]);
    expect(row?.[7]).toBe("'-12 Oak\nSt");
  });

  it('writes only the header for no properties', () => {
    expect(buildGhlContactsCsv([], '2026-03-01').content.split('\r\n')).toHaveLength(2);
  });
});
