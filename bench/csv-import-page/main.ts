// The CSV import benchmark page (bench/csv-import.ts builds it with Vite and drives it in
// Chromium): runs the app's real import (importCsvFile: Web Worker, Papa Parse, the CSV row rules (§5),
// progress and failures posted to this page, the first rows of the review with the end) and the raw parsers alone on one File, timing each and watching
// this page's main thread (long tasks, animation-frame gaps) while it runs.
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { importCsvFile, startCsvImportWorker } from '#web/features/bulk-import/import-csv-file.ts';

export interface BenchResult {
  scenario: string;
  ms: number;
  rows: number;
  valid?: number;
  failed?: number;
  /** Longest main-thread task reported by the Long Tasks API (only tasks over 50 ms are reported); 0 when none. */
  longestTaskMs: number;
  longTasks: number;
  /** Longest gap between animation frames on the main thread. */
  longestFrameGapMs: number;
  /** When each long task began and how long it took, from the run's start (ms). */
  longTaskTimes: [number, number][];
}

let file: File | undefined;

async function loadFile(url: string) {
  const blob = await (await fetch(url)).blob();
  file = new File([blob], 'bench.csv', { type: 'text/csv' });
  return file.size;
}

function rawWorker(kind: string): Worker {
  switch (kind) {
    case 'papa':
      return new Worker(new URL('./raw-papa.worker.ts', import.meta.url), { type: 'module' });
    case 'papa-step':
      return new Worker(new URL('./raw-papa-step.worker.ts', import.meta.url), { type: 'module' });
    case 'papa-file':
      return new Worker(new URL('./raw-papa-file.worker.ts', import.meta.url), { type: 'module' });
    case 'rules-only':
      return new Worker(new URL('./rules-only.worker.ts', import.meta.url), { type: 'module' });
    case 'cells-only':
      return new Worker(new URL('./cells-only.worker.ts', import.meta.url), { type: 'module' });
    case 'udsv':
      return new Worker(new URL('./raw-udsv.worker.ts', import.meta.url), { type: 'module' });
    case 'udsv-rules':
      return new Worker(new URL('./udsv-rules.worker.ts', import.meta.url), { type: 'module' });
    default:
      throw new Error(`unknown parser ${kind}`);
  }
}

// Diagnostic: the same worker on each half of the file at once, one per core.
const TWO_WORKERS = '-2-workers';

/**
 * The file cut at the CRLF nearest after its middle: in the benchmark file a CRLF only ends a
 * row (its quoted cells break lines with a bare LF), so both halves hold whole rows. Not a cut
 * for any file: a real one would have to know where quoted cells are.
 */
async function splitInTwo(whole: File): Promise<Blob[]> {
  const middle = whole.size >> 1;
  const window = new Uint8Array(await whole.slice(middle, middle + 64 * 1024).arrayBuffer());
  let at = window.indexOf(13);
  while (at !== -1 && window[at + 1] !== 10) at = window.indexOf(13, at + 1);
  if (at === -1) throw new Error('no CRLF near the middle of the file');
  const cut = middle + at + 2;
  return [whole.slice(0, cut), whole.slice(cut)];
}

/** The benchmark file's header row (its names hold no comma or quote, so a split is enough). */
async function headerRowOf(whole: File): Promise<string[]> {
  const start = await whole.slice(0, 64 * 1024).text();
  return start.slice(0, start.indexOf('\r\n')).split(',');
}

/**
 * Runs a parser worker on the input (the whole file unless told). `headerRow`: the file's header,
 * given to a worker whose input (the second half) does not begin with it.
 */
function runRaw(worker: Worker, input: Blob = file!, headerRow?: string[]): Promise<{ rows: number }> {
  return new Promise((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<{ rows?: number; error?: string }>) => {
      worker.terminate();
      if (data.error !== undefined) reject(new Error(data.error));
      else resolve({ rows: data.rows ?? 0 });
    };
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage({ file: input, hasHeader: headerRow === undefined, headerRow });
  });
}

async function measure(
  scenario: string,
  run: () => Promise<Partial<BenchResult> & { rows: number }>,
): Promise<BenchResult> {
  const started = performance.now();
  let longestTaskMs = 0;
  let longTasks = 0;
  const longTaskTimes: [number, number][] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      longTasks++;
      longTaskTimes.push([Math.round(entry.startTime - started), Math.round(entry.duration)]);
      longestTaskMs = Math.max(longestTaskMs, entry.duration);
    }
  });
  observer.observe({ type: 'longtask' });
  let longestFrameGapMs = 0;
  let lastFrame = performance.now();
  let watching = true;
  const frame = (now: number) => {
    longestFrameGapMs = Math.max(longestFrameGapMs, now - lastFrame);
    lastFrame = now;
    if (watching) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  const result = await run();
  const ms = performance.now() - started;
  watching = false;
  // Let the observer deliver the last entries.
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  return { scenario, ms, longestTaskMs, longTasks, longestFrameGapMs, longTaskTimes, ...result };
}

// Every worker is started, and given time to load its script, before the clock starts (the
// import dialog starts its worker when it opens, before a file is chosen).
async function startedWorker(worker: Worker) {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return worker;
}

async function run(scenario: string): Promise<BenchResult> {
  if (!file) throw new Error('load the file first');
  if (scenario === 'import') {
    const worker = await startedWorker(startCsvImportWorker());
    return measure(scenario, async () => {
      const result = await importCsvFile(file!, defaultTemplate, { worker });
      result.properties.dispose();
      return {
        rows: result.properties.length + result.failedCount,
        valid: result.properties.length,
        failed: result.failedCount,
      };
    });
  }
  if (scenario.endsWith(TWO_WORKERS)) {
    const kind = scenario.slice(0, -TWO_WORKERS.length);
    const workers = [await startedWorker(rawWorker(kind)), await startedWorker(rawWorker(kind))];
    return measure(scenario, async () => {
      const halves = await splitInTwo(file!);
      const headerRow = await headerRowOf(file!);
      const counts = await Promise.all(
        halves.map((half, index) => runRaw(workers[index]!, half, index === 0 ? undefined : headerRow)),
      );
      return { rows: counts[0]!.rows + counts[1]!.rows };
    });
  }
  const worker = await startedWorker(rawWorker(scenario));
  return measure(scenario, () => runRaw(worker));
}

Object.assign(window, { benchLoadFile: loadFile, benchRun: run });
document.getElementById('status')!.textContent = 'Ready';
