// What the CSV import makes of the 50 MB benchmark file, as one fingerprint per built-in
// template: every kept row (as the review reads it back) and every skipped row's number and
// reason, and the outcome. Run it before and after a change to the row rules, the collector or
// the packing: the fingerprints must not move. Node, no browser: Papa Parse on the decoded text
// in 1 MB chunks, as the import worker's stream gives it.
// Run: npx tsx bench/csv-import-check.ts
import { createHash } from 'node:crypto';
import { createCsvImportCollector, isFailure } from '#domain/bulk-import/csv-import-collector.ts';
import { builtInTemplates } from '#domain/offer/built-in-templates.ts';
import { PackedProperties } from '#web/features/bulk-import/packed-properties.ts';
import { parseInChunks, readCsvImportText } from './support/csv-import-text';

const text = await readCsvImportText();

for (const template of builtInTemplates) {
  const collector = createCsvImportCollector(template);
  const properties = new PackedProperties();
  const hash = createHash('sha256');
  let failed = 0;
  await parseInChunks(text, (cells) => {
    const result = collector.addRecord(cells);
    if (result === null) return;
    if (isFailure(result)) {
      failed++;
      hash.update(`${result.row}\t${result.reason}\n`);
    } else properties.push(result);
  });
  for (let start = 0; start < properties.length; start += 10_000)
    hash.update(JSON.stringify(properties.slice(start, start + 10_000)));
  console.log(
    `${template.name}: ${collector.outcome()}, ${properties.length} kept, ${failed} skipped, ${hash.digest('hex').slice(0, 16)}`,
  );
}
