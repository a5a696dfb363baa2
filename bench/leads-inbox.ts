// The leads inbox with 10,000 leads, on PGlite and on a throwaway PostgreSQL 15: the time /leads
// takes to show its first screen of rows in Chromium (a returning user: the app's assets cached),
// and the latency of the inbox's first page, a search and a status filter under load
// (autocannon against the real app served over HTTP on this machine, signed in).
// Run: npx tsx bench/leads-inbox.ts (after `npm run build`).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { chromium } from 'playwright-core';
import { createApp } from '#server/app.ts';
import { publicConfig } from '#server/config/public-config.ts';
import { openPgliteDatabase, openPostgresDatabase, type DatabaseConnection } from '#server/db/database.ts';
import { webAssets } from '#server/web-assets.ts';
import { chromiumLaunchOptions } from '#tests/support/chromium.ts';
import { createDatabase, startPostgresServer } from '#tests/support/postgres-server.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { signUpUser, TEST_ORIGIN } from '#tests/support/test-users.ts';

const LEADS = 10_000;
const TARGET_MS = 1000;
const DURATION_SECONDS = 5;
const CONNECTIONS = 20;
/** First screens measured per database; the median is reported. */
const RUNS = 5;

async function serveApp(database: DatabaseConnection, port: number) {
  // The app's own origin as the sign-up helper and the API calls state it (CSRF checks).
  const context = createTestContext(database, { APP_URL: TEST_ORIGIN });
  const server = new Hono()
    .route('/', createApp(context))
    .route('/', webAssets(path.resolve('dist/web'), publicConfig(context.env)));
  const listener = serve({ fetch: server.fetch, port, hostname: '127.0.0.1' });
  return {
    app: createApp(context),
    close: async () => {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
      await context.changeFeed.close();
    },
  };
}

/** LEADS answered offers in the user's own workspace (whose id is theirs), assigned to them, a minute apart, in every status and answer, as the inbox lists them. */
async function fillInbox(database: DatabaseConnection, userId: string) {
  await database.db.execute(sql`
    insert into leads (workspace_id, assignee_user_id, source, status, address, market_value, offer_low, offer_high,
                       name, email, phone, response_kind, desired_price, responded_at, created_at)
    select ${userId}, ${userId},
           (array['bulk-email', 'shared-link', 'personal-page'])[1 + i % 3],
           (array['new', 'contacted', 'negotiating', 'under-contract', 'closed', 'dead'])[1 + i % 6],
           i || ' Bench Ave, Austin, TX', 200000, 113000, 128000,
           'Owner ' || i, 'owner' || i || '@example.com', '512-555-0100',
           (array['accepted', 'countered', 'program-interest', 'new-offer-requested'])[1 + i % 4],
           case when i % 4 = 1 then 150000 end,
           now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
    from generate_series(1, ${LEADS}) as i`);
}

async function load(title: string, url: string, cookie: string) {
  const result = await autocannon({
    url,
    duration: DURATION_SECONDS,
    connections: CONNECTIONS,
    headers: { cookie, origin: TEST_ORIGIN },
  });
  return {
    request: title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx': result.non2xx + result.errors,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Milliseconds from navigating to /leads to its first row on screen, RUNS times in one browser. */
async function firstScreens(origin: string, cookie: string) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: origin };
      }),
    );
    const page = await context.newPage();
    // Warm the HTTP cache for the app's assets, as a returning user has them.
    await page.goto(`${origin}/leads`);
    await page.getByRole('article').first().waitFor();
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${origin}/`);
      const started = Date.now();
      await page.goto(`${origin}/leads`);
      await page.getByRole('article').first().waitFor();
      times.push(Date.now() - started);
    }
    const rendered = await page.getByRole('article').count();
    return { times, rendered };
  } finally {
    await browser.close();
  }
}

async function measure(kind: string, database: DatabaseConnection, port: number) {
  const app = await serveApp(database, port);
  try {
    const origin = `http://127.0.0.1:${port}`;
    const user = await signUpUser(app.app, { email: `bench-${randomUUID().slice(0, 8)}@example.com` });
    await fillInbox(database, user.userId);
    const { times, rendered } = await firstScreens(origin, user.cookie);
    const api = [
      // A signed-in request that reads one row: what every inbox request costs before its query.
      await load(`baseline: GET /api/subscription (${kind})`, `${origin}/api/subscription`, user.cookie),
      await load(`first page (${kind})`, `${origin}/api/leads-inbox`, user.cookie),
      await load(`search 'bench ave 99' (${kind})`, `${origin}/api/leads-inbox?q=bench%20ave%2099`, user.cookie),
      await load(`status negotiating (${kind})`, `${origin}/api/leads-inbox?status=negotiating`, user.cookie),
    ];
    // Requests autocannon abandoned at its deadline are still running: let them finish before the database closes.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return { firstScreen: median(times), times, rendered, api };
  } finally {
    await app.close();
  }
}

const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};

const pglite = await openPgliteDatabase();
try {
  results.PGlite = await measure('PGlite', pglite, 3411);
} finally {
  await pglite.close();
}

const server = await startPostgresServer();
try {
  const postgres = await openPostgresDatabase(await createDatabase(server.url));
  try {
    results['PostgreSQL 15'] = await measure('PostgreSQL 15', postgres, 3412);
  } finally {
    await postgres.close();
  }
} finally {
  await server.stop();
}

console.log(`Inbox API under load: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, ${LEADS} leads`);
console.table(Object.values(results).flatMap((result) => result.api));
for (const [kind, result] of Object.entries(results)) {
  const verdict = result.firstScreen < TARGET_MS ? 'meets' : 'MISSES';
  console.log(
    `/leads first screen with ${LEADS} leads on ${kind}: ${result.firstScreen} ms median of ${RUNS} (${result.times.join(', ')} ms; ${result.rendered} rows in the DOM) — ${verdict} the < ${TARGET_MS} ms target`,
  );
}
