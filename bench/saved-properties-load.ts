// Save and list latency under load, on PGlite and on a throwaway PostgreSQL 15, with signed-in
// sessions (autocannon against the real app served over HTTP on this machine); then the time
// a Pro user's /saved page with at least 10,000 properties (the count is printed) takes to show
// its first screen in Chromium.
// Run: npx tsx bench/saved-properties-load.ts (after `npm run build`).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { chromium } from 'playwright-core';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { toggleRepair } from '#domain/repairs/repair-state.ts';
import { createApp } from '#server/app.ts';
import { publicConfig } from '#server/config/public-config.ts';
import { openPgliteDatabase, openPostgresDatabase, type DatabaseConnection } from '#server/db/database.ts';
import { savedProperties, subscriptions } from '#server/db/schema.ts';
import { webAssets } from '#server/web-assets.ts';
import { chromiumLaunchOptions } from '#tests/support/chromium.ts';
import { createDatabase, startPostgresServer } from '#tests/support/postgres-server.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { signUpUser, TEST_ORIGIN } from '#tests/support/test-users.ts';

const DURATION_SECONDS = 8;
const CONNECTIONS = 20;
const LIST_ROWS = 10_000;

const saveBody = JSON.stringify({
  address: '12 Oak St, Austin, TX',
  marketValue: 200000,
  repairs: toggleRepair(defaultRepairCatalog, 'New Roof'),
  template: defaultTemplate,
  contact: { name: 'Ann Lee', email: 'ann@example.com', phones: ['512-555-0100'] },
});

async function serveApp(database: DatabaseConnection, port: number) {
  // The app's own origin as the sign-up helper and the API calls state it (CSRF checks).
  const context = createTestContext(database, { APP_URL: TEST_ORIGIN });
  const server = new Hono()
    .route('/', createApp(context))
    .route('/', webAssets(path.resolve('dist/web'), publicConfig(context.env)));
  const listener = serve({ fetch: server.fetch, port, hostname: '127.0.0.1' });
  return { context, close: () => new Promise<void>((resolve) => listener.close(() => resolve())) };
}

async function load(title: string, options: autocannon.Options) {
  const result = await autocannon({ duration: DURATION_SECONDS, connections: CONNECTIONS, ...options });
  const non2xx = result.non2xx + result.errors;
  return {
    route: title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx': non2xx,
  };
}

async function measure(kind: string, database: DatabaseConnection, port: number) {
  const { context, close } = await serveApp(database, port);
  const app = createApp(context);
  const origin = `http://127.0.0.1:${port}`;
  const user = await signUpUser(app, { email: `bench-${randomUUID().slice(0, 8)}@example.com` });
  await database.db.update(subscriptions).set({ plan: 'pro' }).where(eq(subscriptions.workspaceId, user.userId));
  const headers = { cookie: user.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' };

  const rows = [
    await load(`POST /api/properties (${kind})`, {
      url: `${origin}/api/properties`,
      method: 'POST',
      headers,
      body: saveBody,
    }),
  ];
  // Fill the list to LIST_ROWS, then measure reading its first page.
  await database.db.execute(sql`
    insert into saved_properties (user_id, address, market_value, repair_costs, total_repair_cost, cash_offer_low, cash_offer_high, contact_name, created_at)
    select ${user.userId}, i || ' Bench Ave, Austin, TX', 200000, '[]'::jsonb, 0, 120000, 135000, 'Owner', now() - (i || ' seconds')::interval
    from generate_series(1, ${LIST_ROWS}) as i`);
  // The list's real size: the rows added here and every one the POST load saved.
  const [count] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(savedProperties)
    .where(eq(savedProperties.workspaceId, user.userId));
  rows.push(await load(`GET /api/properties (${kind})`, { url: `${origin}/api/properties?limit=100`, headers }));

  const firstScreenMs = await firstScreenOfSavedList(origin, user.cookie);
  await close();
  return { rows, firstScreenMs, saved: count?.n ?? 0 };
}

async function firstScreenOfSavedList(origin: string, cookie: string) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const context = await browser.newContext();
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url: origin };
    }),
  );
  const page = await context.newPage();
  await page.goto(`${origin}/`); // warm the HTTP cache for the app's assets, as a returning user has
  const started = Date.now();
  await page.goto(`${origin}/saved`);
  await page.getByRole('article').first().waitFor();
  const elapsed = Date.now() - started;
  const rendered = await page.getByRole('article').count();
  await browser.close();
  return `${elapsed} ms (${rendered} cards in the DOM)`;
}

const results: Record<string, unknown>[] = [];
const firstScreens: Record<string, string> = {};
const listSizes: string[] = [];

const pglite = await openPgliteDatabase();
const embedded = await measure('PGlite', pglite, 3401);
results.push(...embedded.rows);
firstScreens.PGlite = embedded.firstScreenMs;
listSizes.push(`${embedded.saved.toLocaleString('en-US')} on PGlite`);
await pglite.close();

const server = await startPostgresServer();
try {
  const postgres = await openPostgresDatabase(await createDatabase(server.url));
  const measured = await measure('PostgreSQL 15', postgres, 3402);
  results.push(...measured.rows);
  firstScreens['PostgreSQL 15'] = measured.firstScreenMs;
  listSizes.push(`${measured.saved.toLocaleString('en-US')} on PostgreSQL 15`);
  await postgres.close();
} finally {
  await server.stop();
}

// The sizes printed are counted in the database, not the LIST_ROWS asked for: the POST load adds its own.
console.log(
  `${CONNECTIONS} connections, ${DURATION_SECONDS} s each; GET and /saved measured with ${listSizes.join(', ')} saved properties (counted)`,
);
console.table(results);
console.log(`/saved first screen with the lists above (target < 1000 ms):`, firstScreens);
