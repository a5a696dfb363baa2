// The main thread's work after a page's first paint (the pages bench/lighthouse.ts measures), read from Chromium's own trace: the
// tasks Lighthouse's total blocking time (TBT) is made of, with what each task spent its time on.
// Lighthouse simulates a phone by multiplying what each task took by 4 (bench/lighthouse.ts); here
// each task's CPU time is multiplied by 4 the same way, and the blocking time is the sum over
// tasks of what exceeds 50 ms. CPU time, not wall-clock time: on this shared 2-core machine another
// process's work stretches a task's duration but not the CPU it used, so this figure holds still
// where Lighthouse's TBT moves by 50 ms from run to run. Median of 5 loads per page.
// Run: npm run build && npx tsx bench/main-thread.ts [/offer /c/ ...] (only the pages whose names start so)
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '#tests/support/chromium.ts';
import { seedWholesaler, startAppServer } from './support/app-server';

const LOADS = 5;
const PHONE_SLOWDOWN = 4;
const BLOCKING_OVER_MS = 50;

interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The CPU time the thread spent in the event (µs). */
  tdur?: number;
  args?: { name?: string; data?: { url?: string } };
}

/** A task's phone time (ms): its CPU time times the slowdown. */
const phoneMs = (event: TraceEvent) => (PHONE_SLOWDOWN * (event.tdur ?? 0)) / 1000;

/** What a task spent most of its time on: its longest events but the task itself, with their phone times. */
function topEvents(task: TraceEvent, events: TraceEvent[]) {
  const end = task.ts + (task.dur ?? 0);
  return events
    .filter((e) => e !== task && e.name !== 'RunTask' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
    .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))
    .slice(0, 2)
    .map((e) => `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : ''} ${phoneMs(e).toFixed(0)}`)
    .join(', ');
}

async function loadOnce(browser: Browser, url: string, cookie?: string) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    ...(cookie && { extraHTTPHeaders: { cookie } }),
  });
  const page = await context.newPage();
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  // What hydration sets off (its effects, the first queries' answers) runs in the next second.
  await page.waitForTimeout(2000);
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  await context.close();

  const firstPaint = traceEvents.find((e) => e.name === 'firstContentfulPaint');
  if (!firstPaint) return undefined;
  const rendererMain = traceEvents.find(
    (e) => e.name === 'thread_name' && e.pid === firstPaint.pid && e.args?.name === 'CrRendererMain',
  );
  const mainThread = traceEvents.filter((e) => e.pid === firstPaint.pid && e.tid === rendererMain?.tid);
  const tasks = mainThread.filter((e) => e.name === 'RunTask' && e.ts >= firstPaint.ts);
  const long = tasks.filter((task) => phoneMs(task) > BLOCKING_OVER_MS);
  return {
    blockingMs: tasks.reduce((sum, task) => sum + Math.max(0, phoneMs(task) - BLOCKING_OVER_MS), 0),
    longTasks: long.map((task) => `${phoneMs(task).toFixed(0)} ms (${topEvents(task, mainThread)})`),
  };
}

const server = await startAppServer();
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const { cookie, personalPagePath, offerPath } = await seedWholesaler(server.origin);
  const pages: { name: string; path: string; cookie?: string }[] = [
    ...['/', '/wholesalers', '/login', '/register'].map((path) => ({ name: path, path })),
    { name: '/c/{handle}', path: personalPagePath },
    { name: '/offer/{token}', path: offerPath },
    { name: '/saved (signed in)', path: '/saved', cookie },
    { name: '/leads (signed in)', path: '/leads', cookie },
  ];
  const only = process.argv.slice(2);
  console.log(
    `Main thread after the first paint: blocking time from each task's CPU time x${PHONE_SLOWDOWN}, median of ${LOADS} loads`,
  );
  for (const page of pages.filter((page) => only.length === 0 || only.some((start) => page.name.startsWith(start)))) {
    const loads: NonNullable<Awaited<ReturnType<typeof loadOnce>>>[] = [];
    for (let attempt = 0; loads.length < LOADS && attempt < LOADS + 3; attempt++) {
      const load = await loadOnce(browser, `${server.origin}${page.path}`, page.cookie);
      if (load) loads.push(load);
    }
    // The median load: its blocking time, and its tasks.
    const middle = [...loads].sort((a, b) => a.blockingMs - b.blockingMs)[Math.floor(loads.length / 2)]!;
    console.log(
      `\n${page.name}  blocking ${middle.blockingMs.toFixed(0)} ms` +
        ` (loads: ${loads.map((l) => l.blockingMs.toFixed(0)).join(', ')})`,
    );
    for (const task of middle.longTasks) console.log(`  task ${task}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
