// How ARV estimates affect the rest of the API (issue 37, finding 14): the latency of GET /api/health
// alone, then while bursts of 60 estimates of 500 comps each arrive at once from six free
// accounts (10 each, within the per-user limit), and the estimates' own latency. The server runs
// in a child process of its own (the app as the tests build it, on a throwaway PostgreSQL as in
// production; `--pglite` for the embedded database, whose queries run on the event loop too), so
// the bench's client does not share its event loop. Health is asked by 4 clients,
// each asking again 5 ms after its answer. The server also reports its event loop's delay (Node's
// monitorEventLoopDelay) during the bursts: on a machine shared with other work the round trips
// carry the other work's delays too, the loop's delay less so. Before the health checks start, one
// more burst from six other accounts measures the CPU the server's main thread spends on an
// estimate request (process.threadCpuUsage): unlike the latencies, a figure the machine's other
// load hardly changes.
// Run: npx tsx bench/arv-under-load.ts [--pglite] [--profile]   (goal: health p99 under 50 ms while estimates run)
// --profile writes a CPU profile of the server's main thread during the bursts (the inspector's
// profiler) to bench/out/profiles/arv-under-load.cpuprofile and prints where its time went.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { monitorEventLoopDelay, performance as serverPerformance } from 'node:perf_hooks';
import { Agent, fetch as undiciFetch } from 'undici';
import { createDatabase, startPostgresServer } from '#tests/support/postgres-server.ts';
import { cookieFrom, TEST_PASSWORD } from '#tests/support/test-users.ts';
import { summarizeProfile } from './api-overhead/summarize-profile';
import { percentile } from './support/percentile';

const BURSTS = 5;
const ACCOUNTS = 6;
const ESTIMATES_PER_ACCOUNT = 10; // 5 bursts and a warm-up: 51 a minute, within the per-user 60
const COMPS = 500;
const HEALTH_CLIENTS = 4;
const HEALTH_GAP_MS = 5;
const QUIET_MS = 3000;
const PROFILE = process.argv.includes('--profile');
const PROFILE_FILE = resolve('bench/out/profiles/arv-under-load.cpuprofile');

/** What the server's main thread has used so far: its CPU (ms) and its event loop's busy time (ms). */
interface MainThreadMark {
  cpuMs: number;
  activeMs: number;
}

async function serveApp(databaseUrl: string | undefined) {
  const { serve } = await import('@hono/node-server');
  const { createApp } = await import('#server/app.ts');
  const { openPgliteDatabase, openPostgresDatabase } = await import('#server/db/database.ts');
  const { createTestContext } = await import('#tests/support/test-app.ts');
  const database = databaseUrl ? await openPostgresDatabase(databaseUrl) : await openPgliteDatabase();
  const context = createTestContext(database, { APP_URL: 'http://127.0.0.1', TRUST_PROXY: '1' });
  const server = serve({ fetch: createApp(context).fetch, port: 0, hostname: '127.0.0.1' });
  server.once('listening', () => process.send!({ port: (server.address() as AddressInfo).port }));
  const delay = monitorEventLoopDelay({ resolution: 5 });
  const profiler = PROFILE ? new Session() : undefined;
  profiler?.connect();
  process.on('message', async (message) => {
    if (message === 'mark') {
      const cpu = process.threadCpuUsage();
      process.send!({
        cpuMs: (cpu.user + cpu.system) / 1000,
        activeMs: serverPerformance.eventLoopUtilization().active,
      } satisfies MainThreadMark);
    } else if (message === 'start') {
      delay.reset();
      delay.enable();
      void profiler?.post('Profiler.enable').then(() => profiler.post('Profiler.start'));
    } else if (message === 'stop') {
      delay.disable();
      if (profiler) {
        const { profile } = await profiler.post('Profiler.stop');
        mkdirSync(dirname(PROFILE_FILE), { recursive: true });
        writeFileSync(PROFILE_FILE, JSON.stringify(profile));
      }
      const toMs = (ns: number) => ns / 1e6;
      process.send!({
        p50: toMs(delay.percentile(50)),
        p99: toMs(delay.percentile(99)),
        max: toMs(delay.max),
      });
    }
  });
}

/** A street of like homes sold in the last two years, with addresses: about 100 KB of JSON. */
function estimateBody(seed: number) {
  let state = seed;
  const random = () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
  const comps = Array.from({ length: COMPS }, (_, i) => ({
    price: Math.round(400_000 + random() * 300_000),
    soldDate: new Date(Date.parse('2022-06-01') + random() * 730 * 86_400_000).toISOString().slice(0, 10),
    sqft: Math.round(1200 + random() * 800),
    beds: 2 + Math.floor(random() * 3),
    baths: 1 + Math.floor(random() * 3),
    yearBuilt: 1920 + Math.floor(random() * 90),
    lotSqft: Math.round(3000 + random() * 6000),
    lat: 47.66 + random() * 0.04,
    lng: -122.37 + random() * 0.04,
    address: `${i + 1} Elm St, Seattle, WA 98115`,
  }));
  return JSON.stringify({
    subject: {
      sqft: 1600,
      beds: 3,
      baths: 2,
      yearBuilt: 1960,
      lotSqft: 6000,
      lat: 47.68,
      lng: -122.35,
      valueDate: '2024-06-01',
    },
    comps,
  });
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 0.5))}  p90 ${ms(percentile(sorted, 0.9))}  p99 ${ms(percentile(sorted, 0.99))}  max ${ms(sorted.at(-1) ?? NaN)}  (${sorted.length} requests)`;
};

async function measure() {
  const postgres = process.argv.includes('--pglite') ? undefined : await startPostgresServer();
  const databaseUrl = postgres && (await createDatabase(postgres.url));
  const child: ChildProcess = fork(
    new URL(import.meta.url).pathname,
    ['--serve', ...(databaseUrl ? [databaseUrl] : []), ...(PROFILE ? ['--profile'] : [])],
    {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    },
  );
  const mark = () => {
    const answer = new Promise<MainThreadMark>((resolveMark) =>
      child.once('message', (message) => resolveMark(message as MainThreadMark)),
    );
    child.send('mark');
    return answer;
  };
  const port = await new Promise<number>((resolve) =>
    child.once('message', (m) => resolve((m as { port: number }).port)),
  );
  const origin = `http://127.0.0.1:${port}`;
  const dispatcher = new Agent({ connections: 200 });
  const request = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    undiciFetch(`${origin}${path}`, { ...init, dispatcher });

  const estimate = (cookie: string, account: number, body: string) =>
    request('/api/arv/estimate', {
      method: 'POST',
      headers: { origin, cookie, 'content-type': 'application/json', 'x-forwarded-for': `10.37.1.${account + 1}` },
      body,
    });

  try {
    // Six accounts for the bursts under the health checks, and six more for one burst alone (its CPU).
    const cookies: string[] = [];
    for (let account = 0; account < 2 * ACCOUNTS; account++) {
      const response = await request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': `10.37.0.${account + 1}` },
        body: JSON.stringify({
          name: `Load ${account}`,
          email: `arv-load-${account}-${Date.now()}@example.com`,
          password: TEST_PASSWORD,
        }),
      });
      if (response.status !== 200) throw new Error(`sign-up failed: ${response.status}`);
      cookies.push(cookieFrom(response));
    }
    const burstCookies = cookies.slice(0, ACCOUNTS);
    const aloneCookies = cookies.slice(ACCOUNTS);
    const bodies = Array.from({ length: ESTIMATES_PER_ACCOUNT }, (_, i) => estimateBody(i + 1));
    // One estimate first, unmeasured: it starts the worker (from source, through tsx) and warms the code.
    const warmUp = await estimate(aloneCookies[0]!, ACCOUNTS, bodies[0]!);
    if (warmUp.status !== 200) throw new Error(`the warm-up estimate failed: ${warmUp.status}`);
    await warmUp.arrayBuffer();

    // Two bursts with nothing else asked of the server, the first to warm it: the main thread's CPU a request in the second.
    const aloneBurst = () =>
      Promise.all(
        aloneCookies.flatMap((cookie, account) =>
          bodies.map(async (body) => {
            const response = await estimate(cookie, ACCOUNTS + account, body);
            await response.arrayBuffer();
            return response.status;
          }),
        ),
      );
    await aloneBurst();
    const aloneFrom = await mark();
    const aloneStatuses = await aloneBurst();
    const aloneUntil = await mark();
    if (aloneStatuses.some((status) => status !== 200)) throw new Error(`an estimate failed: ${aloneStatuses}`);

    let polling = true;
    const healthTimes: { at: number; ms: number }[] = [];
    const poll = async () => {
      while (polling) {
        const start = performance.now();
        const response = await request('/api/health');
        await response.arrayBuffer();
        healthTimes.push({ at: start, ms: performance.now() - start });
        await new Promise((resolve) => setTimeout(resolve, HEALTH_GAP_MS));
      }
    };
    const pollers = Array.from({ length: HEALTH_CLIENTS }, () => poll());

    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    const quietUntil = performance.now();
    const underLoad: [number, number][] = [];
    child.send('start');
    const estimateTimes: number[] = [];
    const statuses = new Map<number, number>();
    for (let burst = 0; burst < BURSTS; burst++) {
      const start = performance.now();
      await Promise.all(
        burstCookies.flatMap((cookie, account) =>
          bodies.map(async (body) => {
            const sent = performance.now();
            const response = await estimate(cookie, account, body);
            await response.arrayBuffer();
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            estimateTimes.push(performance.now() - sent);
          }),
        ),
      );
      underLoad.push([start, performance.now()]);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const loopDelay = new Promise<{ p50: number; p99: number; max: number }>((resolve) =>
      child.once('message', (message) => resolve(message as { p50: number; p99: number; max: number })),
    );
    child.send('stop');
    const delay = await loopDelay;
    polling = false;
    await Promise.all(pollers);

    const quiet = healthTimes.filter((sample) => sample.at < quietUntil).map((sample) => sample.ms);
    const during = healthTimes
      .filter((sample) => underLoad.some(([from, to]) => sample.at >= from && sample.at <= to))
      .map((sample) => sample.ms);
    const bursts = underLoad.map(([from, to]) => to - from);
    const aloneCount = aloneStatuses.length;
    console.log(
      `ARV under load (${postgres ? 'PostgreSQL' : 'PGlite'}): ${BURSTS} bursts of ${ACCOUNTS * ESTIMATES_PER_ACCOUNT} estimates × ${COMPS} comps (${(bodies[0]!.length / 1024).toFixed(0)} KB each), ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(2)}`,
    );
    console.log(`health, quiet          ${summary(quiet)}`);
    console.log(`health, during bursts  ${summary(during)}`);
    console.log(
      `estimates              ${summary(estimateTimes)}  statuses ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`,
    );
    console.log(`a burst took           ${bursts.map((value) => ms(value).trim()).join(', ')}`);
    console.log(
      `server's event loop delay during the bursts: p50 ${ms(delay.p50)}  p99 ${ms(delay.p99)}  max ${ms(delay.max)}`,
    );
    console.log(
      `server's main thread, one burst alone: ${((aloneUntil.cpuMs - aloneFrom.cpuMs) / aloneCount).toFixed(2)} ms of CPU an estimate request (${((aloneUntil.activeMs - aloneFrom.activeMs) / aloneCount).toFixed(2)} ms of its event loop's busy time)`,
    );
  } finally {
    await dispatcher.close();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
    await postgres?.stop();
  }
  if (PROFILE) {
    console.log(`\nCPU profile of the server's main thread during the bursts (${PROFILE_FILE}):`);
    summarizeProfile(PROFILE_FILE, 0, 25);
  }
}

const serveAt = process.argv.indexOf('--serve');
if (serveAt >= 0) await serveApp(process.argv.slice(serveAt + 1).find((arg) => !arg.startsWith('--')));
else await measure();
