// What keeping prospects costs a big send (issue 41): POST /api/bulk-send with 50,000 rows through
// the real app (PGlite in memory), timed from the request to its 201, with the process's peak RSS;
// then the same 50,000 owners sent again (every row's owner found, every row skipped as already
// sent the same offer). Run it on this commit and on the one before prospects to compare:
//   npx tsx bench/bulk-send-prospects.ts
import { sql } from 'drizzle-orm';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { createApp } from '#server/app.ts';
import { openPgliteDatabase } from '#server/db/database.ts';
import { makeBulkSender } from '#tests/support/bulk-sender.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';

const ROWS = 50_000;

const owners = Array.from({ length: ROWS }, (_, n) => ({
  firstName: `Owner${n}`,
  lastName: 'Lee',
  email: `owner${n}@example.com`,
  address: `${n + 1} Oak St, Austin, TX`,
  marketValue: 200_000 + (n % 1000),
}));

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

const database = await openPgliteDatabase();
const context = createTestContext(database);
const app = createApp(context);
const sender = await signUpTestUser(app);
await makeBulkSender(database.db, sender.user.id);
const body = JSON.stringify({ template: defaultTemplate, properties: owners });

async function timedSend(label: string) {
  const started = performance.now();
  const response = await app.request('/api/bulk-send', {
    method: 'POST',
    headers: { ...sender.headers, 'content-type': 'application/json' },
    body,
  });
  const ms = performance.now() - started;
  if (response.status !== 201) throw new Error(`${label}: ${response.status} ${await response.text()}`);
  console.log(`${label}: ${ROWS.toLocaleString('en-US')} rows stored in ${(ms / 1000).toFixed(1)} s`);
}

const counted = async (table: string) => {
  try {
    const result = (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]?.n ?? 0;
  } catch {
    return null;
  }
};

await timedSend('first send');
await timedSend('the same owners again');
const skipped = (await database.db.execute(
  sql`select count(*)::int as n from bulk_send_items where status = 'skipped'`,
)) as unknown as { rows: { n: number }[] };
clearInterval(sampler);
console.log(
  `prospects: ${(await counted('prospects')) ?? 'no such table (before prospects)'}; rows skipped: ${skipped.rows[0]?.n}; peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB`,
);
await context.changeFeed.close();
await database.close();
