// The CSV import's worker work in Node, on one core with no browser: Papa Parse row by row on the
// decoded 50 MB benchmark file in 1 MB chunks (as the import worker's stream gives it), alone,
// reading only the cells the rules read (cells-only), with the CSV row rules keeping nothing, and
// with the rules keeping the rows packed as the worker does (the import). Far steadier than the browser benchmark on a shared machine, so a
// change to the rules or the packing shows here first; bench/csv-import.ts is the measure of
// record. Each scenario's fastest round (and its CPU) is reported, rounds alternating in order,
// after one import not counted: steady state, with V8's optimised code (in the browser every
// import runs in a fresh worker, so its rules also pay for their first, unoptimised rows).
// Run: npx tsx bench/csv-import-node.ts [--rounds N] (default 7)
import { createCsvImportCollector, isFailure } from '#domain/bulk-import/csv-import-collector.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { PackedProperties } from '#web/features/bulk-import/packed-properties.ts';
import { createRuleCellsReader } from './csv-import-page/rule-cells-reader';
import { parseInChunks, readCsvImportText } from './support/csv-import-text';

const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const rounds = Number(option('--rounds') || 7) || 7;

const text = await readCsvImportText();

const parse = (onRow: (cells: string[]) => void) => parseInChunks(text, onRow);

const scenarios: Record<string, () => Promise<number>> = {
  async papa() {
    let rows = 0;
    await parse((cells) => {
      if (cells.length > 1 || cells[0] !== '') rows++;
    });
    return rows - 1;
  },
  async 'cells-only'() {
    const read = createRuleCellsReader();
    let rows = 0;
    await parse((cells) => {
      if (read(cells)) rows++;
    });
    return rows;
  },
  async 'rules-only'() {
    const collector = createCsvImportCollector(defaultTemplate);
    let rows = 0;
    await parse((cells) => {
      if (collector.addRecord(cells) !== null) rows++;
    });
    return rows;
  },
  async import() {
    const collector = createCsvImportCollector(defaultTemplate);
    const properties = new PackedProperties();
    let failed = 0;
    await parse((cells) => {
      const result = collector.addRecord(cells);
      if (result === null) return;
      if (isFailure(result)) failed++;
      else properties.push(result);
    });
    return properties.length + failed;
  },
  // As the import worker reads since issue 41: an owner list (the spec's columns first, the other spellings too).
  async 'list-import'() {
    const collector = createCsvImportCollector(defaultTemplate, { list: {} });
    const properties = new PackedProperties();
    let failed = 0;
    await parse((cells) => {
      const result = collector.addRecord(cells);
      if (result === null) return;
      if (isFailure(result)) failed++;
      else properties.push(result);
    });
    return properties.length + failed;
  },
};

const best = new Map<string, { ms: number; cpuMs: number; rows: number }>();
const names = Object.keys(scenarios);
await scenarios.import!(); // warm-up, not counted
for (let round = 0; round < rounds; round++) {
  for (const name of round % 2 === 0 ? names : [...names].reverse()) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const rows = await scenarios[name]!();
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    const previous = best.get(name);
    if (!previous || ms < previous.ms) best.set(name, { ms, cpuMs, rows });
  }
}
const papaMs = best.get('papa')!.ms;
for (const [name, { ms, cpuMs, rows }] of best)
  console.log(
    `${name.padEnd(10)} ${ms.toFixed(0).padStart(6)} ms (CPU ${cpuMs.toFixed(0).padStart(5)} ms)  ${(papaMs / ms).toFixed(2)}× raw Papa  ${rows} rows`,
  );
