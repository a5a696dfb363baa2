// What the CSV import makes of the 50 MB benchmark file, as one fingerprint per built-in
// template: every kept row (as the review reads it back) and every skipped row's number and
// reason, and the outcome. Run it before and after a change to the row rules, the collector or
// the packing: the fingerprints must not move. Node, no browser: Papa Parse on the decoded text
// in 1 MB chunks, as the import worker's stream gives it.
// Run: npx tsx bench/csv-import-check.ts
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { createCsvImportCollector, isFailure } from '../src/domain/bulk-import/csv-import-collector';
import { builtInTemplates } from '../src/domain/offer/built-in-templates';
import { PackedProperties } from '../src/web/features/bulk-import/packed-properties';
import { CSV_IMPORT_FILE, generateCsvImportFile } from './generate-csv-import-file';

if (!existsSync(CSV_IMPORT_FILE)) await generateCsvImportFile();
const text = readFileSync(CSV_IMPORT_FILE, 'utf8').replace(/^\uFEFF/, '');

for (const template of builtInTemplates) {
  const collector = createCsvImportCollector(template);
  const properties = new PackedProperties();
  const hash = createHash('sha256');
  let failed = 0;
  let at = 0;
  const stream = {
    readable: true,
    read() {},
    on(event: string, listener: (value?: unknown) => void) {
      if (event === 'data')
        setTimeout(() => {
          for (; at < text.length; at += 1 << 20) listener(text.slice(at, at + (1 << 20)));
        });
      if (event === 'end') setTimeout(() => listener());
      return stream;
    },
    removeListener() {
      return stream;
    },
    pause() {},
    resume() {},
  };
  await new Promise<void>((resolve) =>
    Papa.parse(stream as unknown as NodeJS.ReadableStream, {
      header: false,
      delimiter: ',',
      step(results: Papa.ParseStepResult<string[]>) {
        const result = collector.addRecord(results.data);
        if (result === null) return;
        if (isFailure(result)) {
          failed++;
          hash.update(`${result.row}\t${result.reason}\n`);
        } else properties.push(result);
      },
      complete: () => resolve(),
    }),
  );
  for (let start = 0; start < properties.length; start += 10_000)
    hash.update(JSON.stringify(properties.slice(start, start + 10_000)));
  console.log(
    `${template.name}: ${collector.outcome()}, ${properties.length} kept, ${failed} skipped, ${hash.digest('hex').slice(0, 16)}`,
  );
}
