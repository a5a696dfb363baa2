// Heap the CSV import keeps for its review (the bulk-import issue; decision 006): the 50 MB
// benchmark file cut into 1 MB text chunks as the import's stream delivers them, each parsed by
// Papa Parse and checked by the §5 row rules (createCsvImportCollector), the valid rows kept
// as the import worker keeps them (PackedProperties) and, for comparison, as plain objects.
// Node's V8 is Chromium's; the figure is heap used after a full garbage collection.
// Run: node --expose-gc --import tsx bench/csv-import-memory.ts
import { existsSync, readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { BulkImportProperty } from '#domain/bulk-import/bulk-import-property.ts';
import { createCsvImportCollector } from '#domain/bulk-import/csv-import-collector.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { PackedProperties } from '#web/features/bulk-import/packed-properties.ts';
import { CSV_IMPORT_FILE, generateCsvImportFile } from './generate-csv-import-file';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc --import tsx bench/csv-import-memory.ts');
if (!existsSync(CSV_IMPORT_FILE)) await generateCsvImportFile();

const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 1e6;
};

/** Runs the import's parse and rules over the file, handing each batch's valid rows to `keep`. */
function importRows(keep: (rows: BulkImportProperty[]) => void) {
  const text = readFileSync(CSV_IMPORT_FILE, 'utf8').replace(/^\uFEFF/, '');
  const collector = createCsvImportCollector(defaultTemplate);
  let carry = '';
  for (let at = 0; at < text.length; at += 1 << 20) {
    const input = carry + text.slice(at, at + (1 << 20));
    const cut = at + (1 << 20) >= text.length ? input.length : input.lastIndexOf('\n') + 1;
    carry = input.slice(cut);
    // A chunk string of its own, as the decoder gives (not a slice of the whole file).
    const chunk = (' ' + input.slice(0, cut)).slice(1);
    keep(collector.add(Papa.parse<string[]>(chunk, { delimiter: ',' }).data).properties);
  }
}

const baseline = heapMb();
const packed = new PackedProperties();
importRows((rows) => packed.append(rows));
const packedMb = heapMb() - baseline;
const rowCount = packed.length;

const objects: unknown[] = [];
importRows((rows) => objects.push(...rows));
const objectsMb = heapMb() - baseline - packedMb;

console.log(`${rowCount.toLocaleString('en-US')} valid rows kept from ${CSV_IMPORT_FILE}:`);
console.log(`  packed (the import worker's PackedProperties): ${packedMb.toFixed(0)} MB of heap`);
console.log(`  as objects (for comparison):                   ${objectsMb.toFixed(0)} MB of heap`);
