// Where the CSV import's time goes: runs the bench page's scenarios (bench/csv-import-page, built
// unminified so functions keep their names) under a Chromium trace with the V8 sampling profiler,
// and prints each worker thread's self time by function and the time under a few functions of
// interest. Run: npx tsx bench/csv-import-profile.ts [scenario ...] (default: import papa)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { chromiumLaunchOptions } from '#tests/support/chromium.ts';
import { CSV_IMPORT_FILE, generateCsvImportFile } from './generate-csv-import-file';
import { serveCsvImportPage } from './serve-csv-import-page';

const scenarios = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['import', 'papa'];
const pageRoot = fileURLToPath(new URL('./csv-import-page', import.meta.url));
const pageOut = fileURLToPath(new URL('./out/csv-import-page-profile', import.meta.url));
const profileOut = fileURLToPath(new URL('./out', import.meta.url));

if (!existsSync(CSV_IMPORT_FILE)) await generateCsvImportFile();
await build({
  configFile: false,
  root: pageRoot,
  logLevel: 'warn',
  build: { outDir: pageOut, emptyOutDir: true, target: 'es2022', minify: false },
  worker: { format: 'es' },
});

const { origin, close: closeServer } = await serveCsvImportPage(pageOut);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      cpuProfile?: {
        nodes?: { id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
        samples?: number[];
      };
      timeDeltas?: number[];
      lines?: number[];
    };
  };
}

/** Self and total (inclusive) milliseconds by function, for each profiled thread of the trace. */
function summarise(trace: { traceEvents: TraceEvent[] }) {
  const threadNames = new Map<string, string>();
  for (const event of trace.traceEvents)
    if (event.ph === 'M' && event.name === 'thread_name')
      threadNames.set(`${event.pid}:${event.tid}`, event.args!.name!);
  const profiles = new Map<
    string,
    {
      thread: string;
      nodes: Map<number, { parent?: number; label: string; url: string }>;
      samples: number[];
      deltas: number[];
      lines: number[];
    }
  >();
  for (const event of trace.traceEvents) {
    if (event.name !== 'Profile' && event.name !== 'ProfileChunk') continue;
    const key = `${event.pid}:${event.id}`;
    let profile = profiles.get(key);
    if (!profile) {
      profile = {
        thread: threadNames.get(`${event.pid}:${event.tid}`) ?? '?',
        nodes: new Map(),
        samples: [],
        deltas: [],
        lines: [],
      };
      profiles.set(key, profile);
    }
    const data = event.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) {
      const { functionName, url, lineNumber } = node.callFrame;
      const label = `${functionName || '(anonymous)'} ${(url ?? '').split('/').pop()}:${lineNumber + 1}`;
      profile.nodes.set(node.id, { parent: node.parent, label, url: url ?? '' });
    }
    profile.samples.push(...(data?.cpuProfile?.samples ?? []));
    profile.deltas.push(...(data?.timeDeltas ?? []));
    profile.lines.push(...(data?.lines ?? []));
  }
  const summaries = [];
  for (const profile of profiles.values()) {
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    // Self time by source line of the bench page's own scripts (line numbers of the unminified build).
    const lines = new Map<string, number>();
    let all = 0;
    for (let at = 0; at < profile.samples.length; at++) {
      // A sample's time is the gap to the next one.
      const ms = (profile.deltas[at + 1] ?? 0) / 1000;
      let node = profile.nodes.get(profile.samples[at]!);
      if (!node || ms <= 0 || ms > 50) continue;
      all += ms;
      self.set(node.label, (self.get(node.label) ?? 0) + ms);
      const line = profile.lines[at];
      if (line && node.url.startsWith(origin)) {
        const key = `${node.url.slice(origin.length)}:${line}`;
        lines.set(key, (lines.get(key) ?? 0) + ms);
      }
      const seen = new Set<string>();
      while (node) {
        if (!seen.has(node.label)) {
          seen.add(node.label);
          total.set(node.label, (total.get(node.label) ?? 0) + ms);
        }
        node = node.parent === undefined ? undefined : profile.nodes.get(node.parent);
      }
    }
    summaries.push({ thread: profile.thread, all, self, total, lines });
  }
  return summaries;
}

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  await page.goto(origin);
  await page.waitForFunction(() => document.getElementById('status')?.textContent === 'Ready');
  await page.evaluate(
    (url) => (window as unknown as { benchLoadFile(url: string): Promise<number> }).benchLoadFile(url),
    `${origin}/bench.csv`,
  );
  for (const scenario of scenarios) {
    // Warm-up, not profiled.
    await page.evaluate(
      (name) => (window as unknown as { benchRun(name: string): Promise<unknown> }).benchRun(name),
      scenario,
    );
    await browser.startTracing(page, {
      categories: ['disabled-by-default-v8.cpu_profiler', 'v8', 'devtools.timeline', 'toplevel'],
    });
    const result = (await page.evaluate(
      (name) => (window as unknown as { benchRun(name: string): Promise<{ ms: number }> }).benchRun(name),
      scenario,
    )) as { ms: number };
    const buffer = await browser.stopTracing();
    const tracePath = path.join(profileOut, `csv-import-profile-${scenario}.json`);
    writeFileSync(tracePath, buffer);
    console.log(`\n=== ${scenario}: ${result.ms.toFixed(0)} ms (trace: ${tracePath})`);
    for (const { thread, all, self, total, lines } of summarise(JSON.parse(buffer.toString()))) {
      if (all < 20) continue;
      console.log(`-- ${thread}: ${all.toFixed(0)} ms sampled`);
      const top = (map: Map<string, number>, count: number) =>
        [...map]
          .sort((a, b) => b[1] - a[1])
          .slice(0, count)
          .map(([label, ms]) => `   ${ms.toFixed(1).padStart(7)} ms  ${label}`)
          .join('\n');
      console.log(`  self:\n${top(self, 25)}`);
      console.log(`  total:\n${top(total, 25)}`);
      const sourceLine = (key: string) => {
        const [file, line] = [key.slice(0, key.lastIndexOf(':')), Number(key.slice(key.lastIndexOf(':') + 1))];
        const text = existsSync(path.join(pageOut, file)) ? readFileSync(path.join(pageOut, file), 'utf8') : '';
        return text.split('\n')[line - 1]?.trim().slice(0, 110) ?? '';
      };
      console.log(
        `  lines (self):\n${[...lines]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 40)
          .map(([key, ms]) => `   ${ms.toFixed(1).padStart(7)} ms  ${key.split('/').pop()}  ${sourceLine(key)}`)
          .join('\n')}`,
      );
    }
  }
} finally {
  await browser.close();
  closeServer();
}
