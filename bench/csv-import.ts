// CSV import benchmark (the bulk-import issue): parse and validate a generated 50 MB export
// (about 300,000 rows) in Chromium with the app's real import (a Web Worker running Papa Parse
// and the CSV row rules of src/domain/bulk-import (§5), batches posted to the page), and the raw parsers alone on the same File
// in the same run: total time, rows per second, and the longest main-thread task while each runs
// (target: none over 50 ms), then each round's figures with the CPU the browser used. Goal
// (issue 29): the import at least 0.8× the throughput of raw Papa Parse at its fastest.
//
// It builds a small bench page with Vite (bench/csv-import-page → bench/out/csv-import-page),
// serves it and the CSV from this process, and drives Debian's Chromium with playwright-core.
// Run: npx tsx bench/csv-import.ts [--rounds N] [--scenarios rules-only,udsv,…]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { chromiumLaunchOptions } from '#tests/support/chromium.ts';
import { CSV_IMPORT_FILE, generateCsvImportFile } from './generate-csv-import-file';
import { serveCsvImportPage } from './serve-csv-import-page';

interface BenchResult {
  scenario: string;
  ms: number;
  /** CPU time the browser's processes used meanwhile (browserCpuMs). */
  cpuMs?: number;
  rows: number;
  valid?: number;
  failed?: number;
  longestTaskMs: number;
  longTasks: number;
  longestFrameGapMs: number;
  longTaskTimes: [number, number][];
}

const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const rounds = Number(option('--rounds') || 3) || 3;
// While working on the import: only these scenarios (comma-separated; the import and raw Papa, both ways, are always run).
const onlyScenarios = option('--scenarios')
  ?.split(',')
  .concat(['import', 'papa', 'papa-step'])
  .filter((scenario, index, all) => all.indexOf(scenario) === index);
const pageRoot = fileURLToPath(new URL('./csv-import-page', import.meta.url));
const pageOut = fileURLToPath(new URL('./out/csv-import-page', import.meta.url));

if (!existsSync(CSV_IMPORT_FILE)) {
  const { rows } = await generateCsvImportFile();
  console.log(`generated ${CSV_IMPORT_FILE} (${rows.toLocaleString('en-US')} rows)`);
}

await build({
  configFile: false,
  root: pageRoot,
  logLevel: 'warn',
  build: { outDir: pageOut, emptyOutDir: true, target: 'es2022' },
});

const { origin, fileBytes, close: closeServer } = await serveCsvImportPage(pageOut);

/**
 * CPU time (ms) used so far by this process's descendants: the browser and all its processes
 * (the page's renderer with its workers, the one reading the File's blob), from /proc. On this
 * shared machine the CPU a run costs is less disturbed by other work than its wall-clock time.
 */
function browserCpuMs(): number {
  const processes = new Map<number, { parent: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // After the command name: state, parent, …, utime, stime, cutime, cstime (fields 14–17 of proc(5)).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    processes.set(Number(entry), { parent: Number(fields[1]), ticks });
  }
  let ticks = 0;
  const parents = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, { parent, ticks: own }] of processes) {
      if (parents.has(parent) && !parents.has(pid)) {
        parents.add(pid);
        ticks += own;
        grew = true;
      }
    }
  }
  return ticks * 10; // 100 ticks a second (getconf CLK_TCK)
}

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
  const scenarios = onlyScenarios ?? [
    'import',
    'rules-only',
    'cells-only',
    'udsv-rules',
    'papa',
    'papa-step',
    'udsv',
    'papa-file',
    'papa-2-workers',
    'rules-only-2-workers',
  ];
  for (let round = 0; round < rounds; round++) {
    // Alternate the order, so neither side always runs on a warmer (or busier) machine.
    for (const scenario of round % 2 === 0 ? scenarios : [...scenarios].reverse()) {
      const cpuBefore = browserCpuMs();
      const result = await page.evaluate(
        (name) => (window as unknown as { benchRun(name: string): Promise<BenchResult> }).benchRun(name),
        scenario,
      );
      results.push({ ...result, cpuMs: browserCpuMs() - cpuBefore });
    }
  }
} finally {
  await browser.close();
  closeServer();
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
  'cells-only': '  diagnostic: Papa Parse + reading the cells the rules read, nothing checked',
  papa: 'Papa Parse alone (same decoded stream)',
  'papa-step': 'Papa Parse alone, row by row (step)',
  udsv: 'uDSV alone (same decoded stream)',
  'udsv-rules': '  diagnostic: uDSV + §5 rules, keeping nothing',
  'papa-file': 'Papa Parse alone (its own File reader)',
  'papa-2-workers': '  diagnostic: Papa Parse alone, two workers (a half each)',
  'rules-only-2-workers': '  diagnostic: Papa Parse + §5 rules, two workers, keeping nothing',
};
const summary = Object.keys(labels)
  .filter((scenario) => results.some((result) => result.scenario === scenario))
  .map((scenario) => {
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
// The yardstick is raw Papa Parse at its fastest on the same input: handing over a chunk's rows at
// once (as the import did until 2026-11-26) or row by row (as it does now), whichever was faster.
const rawMs = Math.min(
  ...summary.filter((entry) => entry.scenario === 'papa' || entry.scenario === 'papa-step').map((entry) => entry.ms),
);
const ratio = rawMs / importMs;
const longest = summary.find((entry) => entry.scenario === 'import')!;
for (const result of results) {
  if (result.longTasks > 0)
    console.log(
      `  long tasks in a ${result.scenario} run (start ms, duration ms): ${result.longTaskTimes.map(([at, ms]) => `${at}+${ms}`).join(', ')} of ${result.ms.toFixed(0)} ms`,
    );
}
// Each round's own figures: both sides of the ratio ran within the same minute, on the same load.
// CPU: what the browser's processes used meanwhile; its ratio is the throughput ratio on an idle machine.
const runsOf = (scenario: string) => results.filter((result) => result.scenario === scenario);
const others = summary.map((entry) => entry.scenario).filter((scenario) => scenario !== 'import');
/** A round's raw Papa run: the faster of the two ways. */
const rawRunOf = (round: number) =>
  [runsOf('papa')[round]!, runsOf('papa-step')[round]!].sort((a, b) => a.ms - b.ms)[0]!;
const cells = (run: BenchResult | undefined) => `${run?.ms.toFixed(0) ?? ''} / ${run?.cpuMs?.toFixed(0) ?? ''}`;
console.log(
  [
    'round',
    'import ms / CPU ms',
    'raw Papa ms / CPU ms (faster way)',
    'ratio (CPU)',
    'longest main-thread task (import)',
    ...others.map((name) => `${name} ms / CPU ms`),
  ].join('  '),
);
runsOf('import').forEach((run, round) => {
  const raw = rawRunOf(round);
  console.log(
    [
      String(round + 1).padStart(5),
      cells(run).padStart(18),
      cells(raw).padStart(33),
      `${(raw.ms / run.ms).toFixed(2)}× (${(raw.cpuMs! / run.cpuMs!).toFixed(2)}×)`.padStart(11),
      (run.longTasks === 0 ? 'none over 50 ms' : `${run.longestTaskMs.toFixed(0)} ms`).padStart(33),
      ...others.map((name) => cells(runsOf(name)[round]).padStart(name.length + 12)),
    ].join('  '),
  );
});
console.log(
  `import throughput / raw Papa Parse at its fastest (chunk or step; the parser it uses): ${ratio.toFixed(2)}× (issue 29 goal ≥ 0.8×): ${ratio >= 0.8 ? 'met' : 'NOT met'}`,
);
const udsvMs = summary.find((entry) => entry.scenario === 'udsv')?.ms;
if (udsvMs !== undefined)
  console.log(`import throughput / raw uDSV (misreads messy files; decision 006): ${(udsvMs / importMs).toFixed(2)}×`);
console.log(
  `longest main-thread task during the import: ${longest.longTasks === 0 ? 'none over 50 ms' : `${longest.longestTaskMs.toFixed(0)} ms`} (target: none over 50 ms): ${longest.longTasks === 0 ? 'met' : 'NOT met'}`,
);
