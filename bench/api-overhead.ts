// The API's framework tax (issue 29 §2): the app's save and list routes against a bare Hono + pg
// server (bench/api-overhead/bare-server.ts) doing the same SQL on the same PostgreSQL 15, in one
// run, 20 connections each (in turns: loadInTurns), on `npm start` and on the production build (`node dist/server/main.js`,
// NODE_ENV=production). Goal: the app at ≥ 0.85× bare's requests per second with p99 ≤ 1.3× bare's.
// Run: npm run build && npx tsx bench/api-overhead.ts [--profile] [--only=save|list]
// --profile also writes a CPU profile of each app process under load (node --cpu-prof) into
// bench/out/profiles/ and prints where its time went (bench/api-overhead/summarize-profile.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { toggleRepair } from '#domain/repairs/repair-state.ts';
import { createDatabase, startPostgresServer } from '#tests/support/postgres-server.ts';
import { cookieFrom, TEST_PASSWORD } from '#tests/support/test-users.ts';
import { groupCpuMs, postgresCpuMs } from './api-overhead/process-cpu';
import { summarizeProfile } from './api-overhead/summarize-profile';

const DURATION_SECONDS = 8;
// Each server's DURATION_SECONDS of load, in this many turns (loadInTurns).
const SLICES = 4;
const CONNECTIONS = 20;
const SEEDED_ROWS = 1_000;
const PROFILE = process.argv.includes('--profile');
// --only=save or --only=list: one route (a profile of one route's work).
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const PROFILE_DIR = resolve('bench/out/profiles');

const saveBody = JSON.stringify({
  address: '12 Oak St, Austin, TX',
  marketValue: 200000,
  repairs: toggleRepair(defaultRepairCatalog, 'New Roof'),
  template: defaultTemplate,
  contact: { name: 'Ann Lee', email: 'ann@example.com', phones: ['512-555-0100'] },
});

async function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Running {
  origin: string;
  /** The server's process group (its id is the spawned process's). */
  group: number;
  stop(): Promise<void>;
}

/** Starts a server process in its own process group and waits until it answers `readyPath`. */
async function startProcess(command: string, args: string[], env: Record<string, string>, readyPath: string) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(command, args, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_URL: origin, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
    const answered = await fetch(`${origin}${readyPath}`).then(
      (response) => response.status < 500,
      () => false,
    );
    if (answered) break;
    if (attempt > 600) throw new Error(`${command} ${args.join(' ')} did not start`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
  const stop = async () => {
    // SIGINT so that node writes its --cpu-prof profile on the way out.
    signal(child, 'SIGINT');
    await Promise.race([exited, new Promise((wait) => setTimeout(wait, 10_000))]);
    signal(child, 'SIGKILL');
  };
  return { origin, group: child.pid!, stop } satisfies Running;
}

/** Signals the child's whole process group (npm start runs node under npm), if it is still there. */
function signal(child: ChildProcess, name: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, name);
  } catch {
    // the group has already exited
  }
}

/** Requests each server answered (warm-ups included), for the profiles' CPU time per request. */
const served = new Map<string, number>();

/** One stretch of load on one server: what it answered, how long each answer took, the CPU it and PostgreSQL used. */
async function loadSlice(server: Running, options: Partial<autocannon.Options>, duration: number) {
  const before = { server: groupCpuMs(server.group), postgres: postgresCpuMs(postgresDataDir) };
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolveResult, reject) => {
    const instance = autocannon(
      { url: server.origin, duration, connections: CONNECTIONS, ...options },
      (error, done) => (error ? reject(error) : resolveResult(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  served.set(server.origin, (served.get(server.origin) ?? 0) + result.requests.total);
  return {
    requests: result.requests.total,
    seconds: duration,
    latencies,
    failed: result.non2xx + result.errors,
    serverCpuMs: groupCpuMs(server.group) - before.server,
    postgresCpuMs: postgresCpuMs(postgresDataDir) - before.postgres,
  };
}

type Slice = Awaited<ReturnType<typeof loadSlice>>;

/** Request rate, latency percentiles and CPU a request over slices of load on one server. */
function figures(slices: Slice[]) {
  const requests = slices.reduce((sum, slice) => sum + slice.requests, 0);
  const seconds = slices.reduce((sum, slice) => sum + slice.seconds, 0);
  const latencies = slices.flatMap((slice) => slice.latencies).sort((a, b) => a - b);
  const percentile = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0);
  const perRequest = (ms: number) => Number((ms / requests).toFixed(2));
  return {
    reqPerSecond: Math.round(requests / seconds),
    p50: percentile(50),
    p99: percentile(99),
    failed: slices.reduce((sum, slice) => sum + slice.failed, 0),
    serverCpuMs: perRequest(slices.reduce((sum, slice) => sum + slice.serverCpuMs, 0)),
    postgresCpuMs: perRequest(slices.reduce((sum, slice) => sum + slice.postgresCpuMs, 0)),
  };
}

/**
 * Loads the app and the bare server in turns, SLICES slices of DURATION_SECONDS / SLICES each,
 * in the order app, bare, bare, app, app, bare…, so that a change in the machine's other load
 * (other processes on its two cores) falls on both alike and the ratio stays fair.
 */
async function loadInTurns(app: Running, bare: Running, options: (server: Running) => Partial<autocannon.Options>) {
  const slices = { app: [] as Slice[], bare: [] as Slice[] };
  for (let turn = 0; turn < SLICES; turn++) {
    const order = turn % 2 === 0 ? (['app', 'bare'] as const) : (['bare', 'app'] as const);
    for (const name of order) {
      const server = name === 'app' ? app : bare;
      slices[name].push(await loadSlice(server, options(server), DURATION_SECONDS / SLICES));
    }
  }
  return { app: figures(slices.app), bare: figures(slices.bare) };
}

type Figures = ReturnType<typeof figures>;

const postgres = await startPostgresServer();
const postgresDataDir = join(postgres.dir, 'data');
const rows: Record<string, string | number>[] = [];
const verdicts: string[] = [];
try {
  const databaseUrl = await createDatabase(postgres.url);
  const dataDir = await mkdtemp(join(tmpdir(), 'api-overhead-'));
  const sharedEnv = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
  };
  if (!existsSync('dist/server/main.js'))
    throw new Error('Run `npm run build` first: the production build is measured too.');
  if (PROFILE) {
    rmSync(PROFILE_DIR, { recursive: true, force: true });
    mkdirSync(PROFILE_DIR, { recursive: true });
  }
  // `npm start` runs `tsx src/server/main.ts`; profiled, the same through node's own flags (NODE_OPTIONS refuses --cpu-prof).
  const profileName = (mode: string) => mode.replace(' ', '-');
  const profileFlags = (name: string) => ['--cpu-prof', `--cpu-prof-dir=${join(PROFILE_DIR, name)}`];
  const modes: { name: string; command: string; args: string[]; env: Record<string, string> }[] = [
    PROFILE
      ? {
          name: 'npm start',
          command: 'node',
          args: [...profileFlags(profileName('npm start')), '--import', 'tsx', 'src/server/main.ts'],
          env: {},
        }
      : { name: 'npm start', command: 'npm', args: ['start'], env: {} },
    {
      name: 'production build',
      command: 'node',
      args: [...(PROFILE ? profileFlags('production-build') : []), 'dist/server/main.js'],
      env: { NODE_ENV: 'production', ALLOW_INSECURE_APP_URL: '1', EMAIL_OUTBOX_LOG: '1' },
    },
  ];

  let cookie = '';
  for (const mode of modes) {
    const app = await startProcess(mode.command, mode.args, { ...sharedEnv, ...mode.env }, '/api/health');
    if (!cookie) cookie = await signUpProUser(app.origin, databaseUrl);
    // Every app process answers one request through Better Auth before it is measured, as a
    // server in use has (a sign-in). Better Auth runs its endpoints in an AsyncLocalStorage, and on
    // Node 20 the first one switches on promise hooks for the life of the process, which every
    // later promise pays for. Without this only the process that served the sign-up paid.
    await readSessionThroughBetterAuth(app.origin, cookie);
    const bareArgs = ['--import', 'tsx', 'bench/api-overhead/bare-server.ts'];
    const bare = await startProcess(
      'node',
      PROFILE ? [...profileFlags(`${profileName(mode.name)}-bare`), ...bareArgs] : bareArgs,
      sharedEnv,
      '/api/properties',
    );
    const headers = (origin: string) => ({ cookie, origin, 'content-type': 'application/json' });

    const requestOf = (route: 'save' | 'list') => (server: Running) => {
      const url = `${server.origin}/api/properties`;
      return route === 'save'
        ? { url, method: 'POST' as const, headers: headers(server.origin), body: saveBody }
        : { url: `${url}?limit=100`, headers: headers(server.origin) };
    };

    for (const route of (['save', 'list'] as const).filter((name) => !ONLY || name === ONLY)) {
      // Warm both on the route measured (JIT, pool, prepared statements), then measure them in
      // turns. A profile then holds that route's work alone.
      await loadSlice(app, requestOf(route)(app), 2);
      await loadSlice(bare, requestOf(route)(bare), 2);
      // Fresh planner statistics for the rows the save load added, as autovacuum would give them in time.
      await analyzeSavedProperties(databaseUrl);
      console.log(`${mode.name}: measuring ${route}…`);
      const { app: appFigures, bare: bareFigures } = await loadInTurns(app, bare, requestOf(route));
      rows.push(row(mode.name, route, appFigures, bareFigures));
      verdicts.push(verdict(mode.name, route, appFigures, bareFigures));
    }
    await app.stop();
    await bare.stop();
    if (PROFILE) {
      for (const [server, dir, origin] of [
        ['the app', profileName(mode.name), app.origin],
        ['the bare server', `${profileName(mode.name)}-bare`, bare.origin],
      ] as const) {
        // The largest profile is the server's own process (npm and tsx leave small ones beside it).
        const [file] = readdirSync(join(PROFILE_DIR, dir))
          .map((name) => join(PROFILE_DIR, dir, name))
          .sort((a, b) => statSync(b).size - statSync(a).size);
        console.log(`\nCPU profile of ${server}, ${mode.name} (${file}):`);
        summarizeProfile(file!, served.get(origin) ?? 0);
      }
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
} finally {
  await postgres.stop();
}

console.log(
  `\n${CONNECTIONS} connections, ${DURATION_SECONDS} s a measurement, PostgreSQL 15 on this machine; list: 100 of ≥ ${SEEDED_ROWS.toLocaleString('en-US')} saved properties`,
);
console.table(rows);
console.log(verdicts.join('\n'));

function row(mode: string, route: string, app: Figures, bare: Figures) {
  return {
    'server / route': `${mode} / ${route === 'save' ? 'POST /api/properties' : 'GET /api/properties?limit=100'}`,
    'app req/s': app.reqPerSecond,
    'app p50/p99 ms': `${app.p50}/${app.p99}`,
    'bare req/s': bare.reqPerSecond,
    'bare p50/p99 ms': `${bare.p50}/${bare.p99}`,
    'req/s ratio': Number((app.reqPerSecond / bare.reqPerSecond).toFixed(2)),
    'p99 ratio': Number((app.p99 / bare.p99).toFixed(2)),
    'server CPU ms/req (app/bare)': `${app.serverCpuMs}/${bare.serverCpuMs}`,
    'PostgreSQL CPU ms/req (app/bare)': `${app.postgresCpuMs}/${bare.postgresCpuMs}`,
    'failed (app/bare)': `${app.failed}/${bare.failed}`,
  };
}

function verdict(mode: string, route: string, app: Figures, bare: Figures) {
  const throughput = app.reqPerSecond / bare.reqPerSecond;
  const tail = app.p99 / bare.p99;
  const met = throughput >= 0.85 && tail <= 1.3 && app.failed === 0 && bare.failed === 0;
  return `${mode}, ${route}: ${throughput.toFixed(2)}× bare's req/s, p99 ${tail.toFixed(2)}× bare's: goal (≥ 0.85×, p99 ≤ 1.3×) ${met ? 'met' : 'not met'}`;
}

async function analyzeSavedProperties(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('analyze saved_properties');
  await client.end();
}

/** A new account through the app's own sign-up, on Pro (no save limit), with SEEDED_ROWS saved properties. */
async function signUpProUser(origin: string, databaseUrl: string) {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const response = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: TEST_PASSWORD, name: 'Bench' }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`update subscriptions set plan = 'pro' where workspace_id = $1`, [user.id]);
  await client.query(
    `insert into saved_properties (workspace_id, address, market_value, repair_costs, total_repair_cost, cash_offer_low,
       cash_offer_high, contact_name, created_at)
     select $1, i || ' Bench Ave, Austin, TX', 200000, '[]'::jsonb, 0, 120000, 135000, 'Owner', now() - (i || ' seconds')::interval
     from generate_series(1, $2::int) as i`,
    [user.id, SEEDED_ROWS],
  );
  await client.end();
  return cookieFrom(response);
}

/** GET /api/auth/get-session: Better Auth's own endpoint, which runs in its AsyncLocalStorage. */
async function readSessionThroughBetterAuth(origin: string, cookie: string) {
  const response = await fetch(`${origin}/api/auth/get-session`, { headers: { cookie, origin } });
  if (response.status !== 200) throw new Error(`get-session failed: ${response.status} ${await response.text()}`);
}
