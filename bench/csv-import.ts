// CSV import benchmark (the bulk-import issue): parse and validate a generated 50 MB export
// (about 300,000 rows) in Chromium with the app's real import (a Web Worker running Papa Parse
// and the CSV row rules of src/domain/bulk-import (§5), batches posted to the page), and the raw parsers alone on the same File
// in the same run: total time, rows per second, and the longest main-thread task while each runs
// (target: none over 50 ms). Goal: the import at least 0.8× the raw parser's throughput.
//
// It builds a small bench page with Vite (bench/csv-import-page → bench/out/csv-import-page),
// serves it and the CSV from this process, and drives Debian's Chromium with playwright-core.
// Run: npx tsx bench/csv-import.ts [--rounds N]
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../tests/support/chromium';
import { build } from 'vite';
import { CSV_IMPORT_FILE, generateCsvImportFile } from './generate-csv-import-file';

interface BenchResult {
  scenario: string;
  ms: number;
  rows: number;
  valid?: number;
  failed?: number;
  longestTaskMs: number;
  longTasks: number;
  longestFrameGapMs: number;
  longTaskTimes: [number, number][];
}

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1] || 3) || 3;
const pageRoot = fileURLToPath(new URL('./csv-import-page', import.meta.url));
const pageOut = fileURLToPath(new URL('./out/csv-import-page', import.meta.url));

if (!existsSync(CSV_IMPORT_FILE)) {
  const { rows } = await generateCsvImportFile();
  console.log(`generated ${CSV_IMPORT_FILE} (${rows.toLocaleString('en-US')} rows)`);
}
const fileBytes = statSync(CSV_IMPORT_FILE).size;

await build({
  configFile: false,
  root: pageRoot,
  logLevel: 'warn',
  build: { outDir: pageOut, emptyOutDir: true, target: 'es2022' },
});

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.csv': 'text/csv' };
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://bench');
  if (url.pathname === '/bench.csv') {
    res.writeHead(200, { 'content-type': 'text/csv', 'content-length': String(fileBytes) });
    createReadStream(CSV_IMPORT_FILE).pipe(res);
    return;
  }
  const file = path.join(pageOut, url.pathname === '/' ? 'index.html' : url.pathname);
  if (!file.startsWith(pageOut) || !existsSync(file) || statSync(file).isDirectory()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await chromium.launch(chromiumLaunchOptions);
const results: BenchResult[] = [];
try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  await page.goto(origin);
  await page.waitForFunction(() => document.getElementById('status')?.textContent === 'Ready');
  await page.evaluate(
    (url) => (window as unknown as { benchLoadFile(url: string): Promise<number> }).benchLoadFile(url),
    `${origin}/bench.csv`,
  );
  // Warm-up (JIT, worker script cache), not counted.
  await page.evaluate(() => (window as unknown as { benchRun(name: string): Promise<unknown> }).benchRun('papa'));
  const scenarios = [
    'import',
    'rules-only',
    'udsv-rules',
    'papa',
    'udsv',
    'papa-file',
    'papa-2-workers',
    'rules-only-2-workers',
  ];
  for (let round = 0; round < rounds; round++) {
    // Alternate the order, so neither side always runs on a warmer (or busier) machine.
    for (const scenario of round % 2 === 0 ? scenarios : [...scenarios].reverse()) {
      results.push(
        await page.evaluate(
          (name) => (window as unknown as { benchRun(name: string): Promise<BenchResult> }).benchRun(name),
          scenario,
        ),
      );
    }
  }
} finally {
  await browser.close();
  server.close();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const importRun = results.find((result) => result.scenario === 'import')!;
const dataRows = importRun.rows;
// Each scenario's throughput is its own rows over its own time; a parser that saw another number
// of rows than the import did not do the same work, so its figure would not compare: stop.
const miscounted = results.filter((result) => result.rows !== dataRows);
if (miscounted.length > 0) {
  console.error(
    `row counts differ from the import's ${dataRows.toLocaleString('en-US')} data rows: ` +
      miscounted.map((result) => `${result.scenario} ${result.rows.toLocaleString('en-US')}`).join(', '),
  );
  process.exit(1);
}
const labels: Record<string, string> = {
  import: 'import (worker: Papa Parse + §5 rules, review ready)',
  'rules-only': '  diagnostic: Papa Parse + §5 rules, keeping nothing',
  papa: 'Papa Parse alone (same decoded stream)',
  udsv: 'uDSV alone (same decoded stream)',
  'udsv-rules': '  diagnostic: uDSV + §5 rules, keeping nothing',
  'papa-file': 'Papa Parse alone (its own File reader)',
  'papa-2-workers': '  diagnostic: Papa Parse alone, two workers (a half each)',
  'rules-only-2-workers': '  diagnostic: Papa Parse + §5 rules, two workers, keeping nothing',
};
const summary = Object.keys(labels).map((scenario) => {
  const runs = results.filter((result) => result.scenario === scenario);
  const ms = median(runs.map((run) => run.ms));
  return {
    scenario,
    ms,
    rowsPerSecond: runs[0]!.rows / (ms / 1000),
    mbPerSecond: fileBytes / 1e6 / (ms / 1000),
    longestTaskMs: Math.max(...runs.map((run) => run.longestTaskMs)),
    longTasks: Math.max(...runs.map((run) => run.longTasks)),
    longestFrameGapMs: Math.max(...runs.map((run) => run.longestFrameGapMs)),
    rows: runs[0]!.rows,
  };
});

console.log(
  `file: ${(fileBytes / 1e6).toFixed(1)} MB, ${dataRows.toLocaleString('en-US')} data rows (${importRun.valid?.toLocaleString('en-US')} valid, ${importRun.failed?.toLocaleString('en-US')} failed); median of ${rounds} rounds, Chromium ${browser.version()}`,
);
const header = ['scenario', 'total ms', 'rows/s', 'MB/s', 'longest main-thread task', 'longest frame gap'];
const rows = summary.map((entry) => [
  labels[entry.scenario]!,
  entry.ms.toFixed(0),
  Math.round(entry.rowsPerSecond).toLocaleString('en-US'),
  entry.mbPerSecond.toFixed(1),
  entry.longTasks === 0 ? 'none over 50 ms' : `${entry.longestTaskMs.toFixed(0)} ms (${entry.longTasks} over 50 ms)`,
  `${entry.longestFrameGapMs.toFixed(0)} ms`,
]);
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
const line = (cells: string[]) =>
  cells
    .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
    .join('  ');
console.log(line(header));
for (const row of rows) console.log(line(row));

const importMs = summary.find((entry) => entry.scenario === 'import')!.ms;
const rawMs = summary.find((entry) => entry.scenario === 'papa')!.ms;
const ratio = rawMs / importMs;
const longest = summary.find((entry) => entry.scenario === 'import')!;
for (const result of results) {
  if (result.longTasks > 0)
    console.log(
      `  long tasks in a ${result.scenario} run (start ms, duration ms): ${result.longTaskTimes.map(([at, ms]) => `${at}+${ms}`).join(', ')} of ${result.ms.toFixed(0)} ms`,
    );
}
const fastestRawMs = Math.min(rawMs, summary.find((entry) => entry.scenario === 'udsv')!.ms);
const fastestRatio = fastestRawMs / importMs;
console.log(`import throughput / raw Papa Parse (the parser it uses): ${ratio.toFixed(2)}×`);
console.log(
  `import throughput / fastest raw parser: ${fastestRatio.toFixed(2)}× (issue 15 goal ≥ 0.8×): ${fastestRatio >= 0.8 ? 'met' : 'NOT met'}`,
);
console.log(
  `longest main-thread task during the import: ${longest.longTasks === 0 ? 'none over 50 ms' : `${longest.longestTaskMs.toFixed(0)} ms`} (target: none over 50 ms): ${longest.longTasks === 0 ? 'met' : 'NOT met'}`,
);
