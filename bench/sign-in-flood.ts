// How a flood of sign-ins affects the rest of the API: p99 latency of GET /api/health alone,
// then during a flood of sign-in attempts (each from a new client address and for an unknown
// e-mail, so no rate limit stops it and every attempt costs one scrypt hash), with password
// hashing bounded (the app's setting) and, for comparison, unbounded.
// Run: npx tsx bench/sign-in-flood.ts   (PGlite in memory, the real app over HTTP on 127.0.0.1)
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { serve } from '@hono/node-server';
import { createApp } from '#server/app.ts';
import { openPgliteDatabase } from '#server/db/database.ts';
import { createTestContext } from '#tests/support/test-app.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  statusCodeStats?: Record<string, { count: number }>;
  errors: number;
  timeouts: number;
}
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  timeout?: number;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;
// autocannon ships no types; it is loaded as CommonJS with the shape used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const DURATION_SECONDS = 8;
const HEALTH_CONNECTIONS = 10;
const FLOOD_CONNECTIONS = 64;

let addressCounter = 0;
function nextAddress() {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

function healthLoad(url: string) {
  return autocannon({ url: `${url}/api/health`, connections: HEALTH_CONNECTIONS, duration: DURATION_SECONDS });
}

function signInFlood(url: string) {
  return autocannon({
    url,
    connections: FLOOD_CONNECTIONS,
    duration: DURATION_SECONDS,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/api/auth/sign-in/email',
        setupRequest: (request) => ({
          ...request,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
          body: JSON.stringify({ email: `flood-${randomUUID()}@example.com`, password: 'not-a-real-password' }),
        }),
      },
    ],
  });
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
function statuses(result: AutocannonResult) {
  return Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}×${count}`)
    .join(' ');
}

async function main() {
  const database = await openPgliteDatabase();
  const rows: string[] = [];
  const cores = availableParallelism();

  async function scenario(label: string, maxConcurrent: number | undefined) {
    const server = serve({ fetch: () => new Response(), port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    server.close();
    const url = `http://127.0.0.1:${port}`;
    const context = createTestContext(
      database,
      { APP_URL: url, TRUST_PROXY: '1' },
      { passwordHashing: maxConcurrent ? { maxConcurrent, maxQueue: 10_000 } : {} },
    );
    const app = createApp(context);
    const listener = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [health, flood] = await Promise.all([healthLoad(url), signInFlood(url)]);
      const { counts } = context.auth.passwordHasher;
      rows.push(
        `${label.padEnd(34)} health p50 ${ms(health.latency.p50).padStart(9)}  p99 ${ms(health.latency.p99).padStart(9)}  max ${ms(health.latency.max).padStart(9)}  ${Math.round(health.requests.average)} req/s | ` +
          `sign-ins ${flood.requests.total} (${statuses(flood)}), p99 ${ms(flood.latency.p99)}, hashes ${counts.hashes}, at once ≤ ${counts.peakConcurrent}`,
      );
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  }

  {
    const server = serve({
      fetch: createApp(createTestContext(database, { APP_URL: 'http://127.0.0.1' })).fetch,
      port: 0,
      hostname: '127.0.0.1',
    });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const health = await healthLoad(`http://127.0.0.1:${port}`);
    rows.push(
      `${'no flood (baseline)'.padEnd(34)} health p50 ${ms(health.latency.p50).padStart(9)}  p99 ${ms(health.latency.p99).padStart(9)}  max ${ms(health.latency.max).padStart(9)}  ${Math.round(health.requests.average)} req/s`,
    );
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await scenario(`flood, hashing bounded (default)`, undefined);
  await scenario(`flood, hashing bounded to 2`, 2);
  await scenario(`flood, hashing unbounded`, 1_000);

  console.log(
    `sign-in flood: ${FLOOD_CONNECTIONS} connections of sign-ins + ${HEALTH_CONNECTIONS} of GET /api/health, ${DURATION_SECONDS} s each, ` +
      `${cores} cores (load average ${loadavg()[0]!.toFixed(1)} at the end: other work on the machine inflates every figure), PGlite`,
  );
  for (const row of rows) console.log(`  ${row}`);
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
