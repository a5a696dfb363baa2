// What the CSV import makes of the 50 MB benchmark file, as one fingerprint per built-in
// template: every kept row (as the review reads it back) and every skipped row's number and
// reason, and the outcome. Run it before and after a change to the row rules, the collector or
// the packing: the fingerprints must not move. Node, no browser, with the import's own stream
// (fileTextStream) and reader (readCsvRecords); `--two-parts` reads the file as the import worker
// does when it cuts it in two (splitCsvFile; the second part with its own collector and store,
// renumbered and adopted), and must print the same fingerprints.
// Run: npx tsx bench/csv-import-check.ts [--two-parts]
import { createHash } from 'node:crypto';
import { existsSync, openAsBlob } from 'node:fs';
import { createCsvImportCollector, isFailure } from '../src/domain/bulk-import/csv-import-collector';
import type { CsvRowFailure } from '../src/domain/bulk-import/csv-import-collector';
import { builtInTemplates } from '../src/domain/offer/built-in-templates';
import type { FormulaTemplate } from '../src/domain/offer/formula-template';
import { fileTextStream } from '../src/web/features/bulk-import/file-text-stream';
import { PackedProperties } from '../src/web/features/bulk-import/packed-properties';
import { readCsvRecords } from '../src/web/features/bulk-import/read-csv-records';
import { splitCsvFile } from '../src/web/features/bulk-import/split-csv-file';
import { CSV_IMPORT_FILE, generateCsvImportFile } from './generate-csv-import-file';

if (!existsSync(CSV_IMPORT_FILE)) await generateCsvImportFile();
const file = await openAsBlob(CSV_IMPORT_FILE);
const twoParts = process.argv.includes('--two-parts');

/** One reading of a blob: its collector (given the header first, for a second part), store and failures. */
function readPart(
  blob: Blob,
  template: FormulaTemplate,
  options: { header?: string[]; newline?: string; endsAtCut?: boolean; keepByteOrderMark?: boolean } = {},
) {
  const collector = createCsvImportCollector(template);
  if (options.header) collector.addRecord(options.header);
  const properties = new PackedProperties();
  const failures: CsvRowFailure[] = [];
  return new Promise<{ collector: typeof collector; properties: PackedProperties; failures: CsvRowFailure[] }>(
    (resolve, reject) =>
      readCsvRecords(
        fileTextStream(blob, () => {}, { keepByteOrderMark: options.keepByteOrderMark }),
        {
          newline: options.newline,
          endsAtCut: options.endsAtCut,
          onRecord(cells) {
            const result = collector.addRecord(cells);
            if (result === null) return;
            if (isFailure(result)) failures.push(result);
            else properties.push(result);
          },
          onDone(endedInsideRow) {
            if (endedInsideRow) reject(new Error('the cut was inside a row'));
            else resolve({ collector, properties, failures });
          },
          onError: reject,
        },
      ),
  );
}

for (const template of builtInTemplates) {
  const reading = await (async () => {
    if (!twoParts) return readPart(file, template);
    const split = await splitCsvFile(file);
    if (!split) throw new Error('the file was not cut');
    const [first, second] = await Promise.all([
      readPart(file.slice(0, split.cut), template, { newline: split.linebreak, endsAtCut: true }),
      readPart(file.slice(split.cut), template, {
        header: split.header,
        newline: split.linebreak,
        keepByteOrderMark: true,
      }),
    ]);
    const rowsBefore = first.collector.counts().dataRows;
    first.failures.push(...second.failures.map(({ row, reason }) => ({ row: row + rowsBefore, reason })));
    first.collector.addCounts(second.collector.counts());
    first.properties.adopt(second.properties.takeBatches());
    return first;
  })();
  const hash = createHash('sha256');
  for (const { row, reason } of reading.failures) hash.update(`${row}\t${reason}\n`);
  const { properties, collector, failures } = reading;
  for (let start = 0; start < properties.length; start += 10_000)
    hash.update(JSON.stringify(properties.slice(start, start + 10_000)));
  console.log(
    `${template.name}: ${collector.outcome()}, ${properties.length} kept, ${failures.length} skipped, ${hash.digest('hex').slice(0, 16)}`,
  );
}
