import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { defaultTemplate } from '../offer/built-in-templates';
import { createCsvImportCollector, isFailure } from './csv-import-collector';
import { csvRowReasons } from './normalize-csv-row';

/** Parses text as the import worker does (Papa Parse row by row, no header handling; blank lines are left to the collector) and collects it. */
function importCsvRowByRow(text: string) {
  const collector = createCsvImportCollector(defaultTemplate);
  const properties: ReturnType<typeof collector.add>['properties'] = [];
  const failures: ReturnType<typeof collector.add>['failures'] = [];
  Papa.parse<string[]>(text, {
    header: false,
    delimiter: ',',
    step: (results: Papa.ParseStepResult<string[]>) => {
      const result = collector.addRecord(results.data);
      if (result === null) return;
      if (isFailure(result)) failures.push(result);
      else properties.push(result);
    },
  });
  return { properties, failures, outcome: collector.outcome(), headers: collector.headers };
}

/** The same, in batches of records (Papa Parse's `chunk`, or the whole file at once). */
function importCsv(text: string, chunkSize?: number) {
  const collector = createCsvImportCollector(defaultTemplate);
  const properties: ReturnType<typeof collector.add>['properties'] = [];
  const failures: ReturnType<typeof collector.add>['failures'] = [];
  const take = (records: string[][]) => {
    const batch = collector.add(records);
    properties.push(...batch.properties);
    failures.push(...batch.failures);
  };
  if (chunkSize) {
    Papa.parse<string[]>(text, {
      header: false,
      delimiter: ',',
      chunkSize,
      chunk: (results: Papa.ParseResult<string[]>) => take(results.data),
    } as Papa.ParseConfig<string[]>);
  } else {
    take(Papa.parse<string[]>(text, { header: false, delimiter: ',' }).data);
  }
  return { properties, failures, outcome: collector.outcome(), headers: collector.headers };
}

// A real-world-style export: byte-order mark, CRLF, a duplicated header, quoted cells with
// commas, quotes and line breaks, blank lines, thousand separators, $ signs, trailing cells missing.
const messy = [
  '\uFEFFFirst Name,Last Name,Email,Email,Property Address,Mailing Address,Market Value,Owner,Notes',
  'Ann,Lee,ann@example.com,,"12 Oak St, Austin, TX 78701",PO Box 9,"$250,000",,"Call after 5, weekdays"',
  '',
  'Bob Smith,,,bob@example.com,"34 Elm St',
  'Apt 2",,"300,000",,"Says ""maybe"""',
  ',,,,,,,,',
  ',,,,"PO Box 1234",,100000,,',
  ',,carol@example.com,,56 Pine Rd,,"1,000,000",GREEN ACRES LLC',
  'Dan,Diaz,dan@example.com,,78 Cedar Ln,,call me',
  '   ',
  'Eve,Ng,eve@example.com,,90 Lake Dr,,180000',
].join('\r\n');

describe('createCsvImportCollector on a messy export', () => {
  it('reads every valid row with §5 rules and lists the failed ones with their row and reason', () => {
    for (const { properties, failures, outcome, headers } of [
      importCsvRowByRow(messy),
      ...[undefined, 16, 64, 1000].map((chunkSize) => importCsv(messy, chunkSize)),
    ]) {
      expect(outcome).toBe('ok');
      expect(headers?.[0]).toBe('First Name');
      expect(properties).toEqual([
        {
          firstName: 'Ann',
          lastName: 'Lee',
          email: 'ann@example.com',
          address: '12 Oak St, Austin, TX 78701',
          marketValue: 250000,
          offerRange: { low: 155000, high: 170000 },
        },
        {
          firstName: 'Bob',
          lastName: 'Smith',
          email: 'bob@example.com',
          address: '34 Elm St\r\nApt 2',
          marketValue: 300000,
          offerRange: { low: 190000, high: 205000 },
        },
        {
          firstName: 'Owner',
          lastName: 'GREEN ACRES LLC',
          email: 'carol@example.com',
          address: '56 Pine Rd',
          marketValue: 1000000,
          offerRange: { low: 680000, high: 695000 },
        },
        {
          firstName: 'Eve',
          lastName: 'Ng',
          email: 'eve@example.com',
          address: '90 Lake Dr',
          marketValue: 180000,
          offerRange: { low: 106000, high: 121000 },
        },
      ]);
      expect(failures).toEqual([
        { row: 4, reason: `${csvRowReasons.email}; ${csvRowReasons.addressPoBox}` },
        { row: 6, reason: csvRowReasons.marketValueInvalid },
      ]);
    }
  });

  it('handles LF files and a last line without a line break', () => {
    const { properties } = importCsv('Email,Address,Market Value\na@x.com,1 A St,100000\nb@x.com,2 B St,"200,000"');
    expect(properties.map((property) => property.marketValue)).toEqual([100000, 200000]);
  });

  it.each([
    ['', 'noData'],
    ['\uFEFF', 'noData'],
    ['Email,Address,Market Value\r\n', 'noData'],
    ['Email,Address,Market Value\r\n\r\n,,\r\n', 'noData'],
    ['a@x.com,1 A St,100000\r\nb@x.com,2 B St,200000\r\n', 'noHeader'],
    ['Email,Address,Market Value\r\nnobody,PO Box 1,0\r\n', 'noValid'],
  ] as const)('%j → %s', (text, outcome) => {
    expect(importCsv(text).outcome).toBe(outcome);
    expect(importCsvRowByRow(text).outcome).toBe(outcome);
  });
});
