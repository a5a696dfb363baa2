// Bulk sending fairness and what storing a big send costs everyone else (issue 16 finding 4):
// 1. The wait of a 1-item job started 10 s after another user's 20,000-item job, with the real
//    queue (queueDueBulkItems) on a simulated clock at production pacing (batches of 5, one
//    e-mail a second): how long until its e-mail is due, measured. Beside it, modelled and not
//    measured (the old FIFO code is gone): one FIFO queue would send it after the big job's
//    remaining items, one interval each.
// 2. GET /api/health latency (p50/p99/max) while a 20,000-item send is stored through the API
//    (POST /api/bulk-send: chunks of 1,000 behind a 'preparing' job), and, for comparison, while
//    the same 20,000 rows go in as one INSERT statement (how jobs were stored before).
// Run: npx tsx bench/bulk-queue-fairness.ts   (PGlite in memory, the real app over HTTP on 127.0.0.1)
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { serve } from '@hono/node-server';
import { asc, eq, sql } from 'drizzle-orm';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { createApp } from '#server/app.ts';
import { queueDueBulkItems } from '#server/bulk-send/queue-due-bulk-items.ts';
import { openPgliteDatabase, type DatabaseConnection } from '#server/db/database.ts';
import { bulkSendItems, bulkSendJobs, emailOutbox } from '#server/db/schema.ts';
import { makeBulkSender } from '#tests/support/bulk-sender.ts';
import { createTestContext, TEST_AUTH_SECRET } from '#tests/support/test-app.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { percentile } from './support/percentile';

const BIG_JOB = 20_000;
const INTERVAL_MS = 1_000;
const BATCH_SIZE = 5;
const SMALL_JOB_STARTS_AFTER_MS = 10_000;

const owners = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, n) => ({
    firstName: 'Ann',
    lastName: 'Lee',
    email: `${prefix}${n}@example.com`,
    address: `${n + 1} Oak St, Austin, TX`,
    marketValue: 200000 + (n % 1000),
  }));

const formatDuration = (ms: number) =>
  ms < 60_000 ? `${(ms / 1000).toFixed(0)} s` : `${(ms / 3_600_000).toFixed(2)} h (${Math.round(ms / 1000)} s)`;

/** GET /api/health, 4 at a time back to back, until `work` ends; the latencies in ms. */
async function healthDuring(url: string, work: () => Promise<unknown>) {
  const latencies: number[] = [];
  let done = false;
  const poll = async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
    }
  };
  const pollers = Array.from({ length: 4 }, poll);
  const started = performance.now();
  await work();
  const workMs = performance.now() - started;
  done = true;
  await Promise.all(pollers);
  latencies.sort((a, b) => a - b);
  return {
    workMs,
    count: latencies.length,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
  };
}

async function fairness(database: DatabaseConnection, app: ReturnType<typeof createApp>) {
  const db = database.db;
  const big = await signUpTestUser(app);
  const small = await signUpTestUser(app);
  for (const user of [big, small]) await makeBulkSender(db, user.user.id);
  const start = async (headers: Record<string, string>, count: number, prefix: string) => {
    const response = await app.request('/api/bulk-send', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ template: defaultTemplate, properties: owners(count, prefix) }),
    });
    if (response.status !== 201) throw new Error(`bulk send refused: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { jobId: string }).jobId;
  };

  const bigJob = await start(big.headers, BIG_JOB, 'big');
  // The simulated clock: the worker takes a batch, then waits for its last e-mail's due time.
  let clock = Date.parse('2030-01-06T12:00:00.000Z');
  const startedAt = clock;
  let smallJob: string | undefined;
  let smallStartedAt = 0;
  let batches = 0;
  for (;;) {
    if (!smallJob && clock - startedAt >= SMALL_JOB_STARTS_AFTER_MS) {
      smallJob = await start(small.headers, 1, 'small');
      smallStartedAt = clock;
    }
    const { dueTimes } = await queueDueBulkItems({
      db,
      appUrl: 'https://offers.example',
      from: 'offers@example.com',
      serverSecret: TEST_AUTH_SECRET,
      intervalMs: INTERVAL_MS,
      batchSize: BATCH_SIZE,
      now: () => new Date(clock),
    });
    batches++;
    clock = dueTimes.at(-1)?.getTime() ?? clock + INTERVAL_MS;
    if (smallJob) {
      const [row] = await db
        .select({ dueAt: emailOutbox.nextAttemptAt })
        .from(emailOutbox)
        .innerJoin(bulkSendItems, eq(bulkSendItems.id, emailOutbox.bulkSendItemId))
        .where(eq(bulkSendItems.jobId, smallJob))
        .orderBy(asc(emailOutbox.nextAttemptAt));
      if (row) {
        const wait = row.dueAt.getTime() - smallStartedAt;
        const bigQueued = await db.$count(
          emailOutbox,
          sql`${emailOutbox.bulkSendItemId} in (select id from bulk_send_items where job_id = ${bigJob}::uuid)`,
        );
        // What the FIFO queue would have done: every remaining item of the big job first.
        const fifoWait = (BIG_JOB - bigQueued + 1) * INTERVAL_MS;
        await db.update(bulkSendJobs).set({ status: 'cancelled' }).where(eq(bulkSendJobs.id, bigJob));
        return { wait, fifoWait, batches };
      }
    }
    if (batches > 100) throw new Error('the small job was not served within 100 batches');
  }
}

async function main() {
  const database = await openPgliteDatabase();
  const probe = serve({ fetch: () => new Response(), port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as AddressInfo;
  probe.close();
  const url = `http://127.0.0.1:${port}`;
  // APP_URL is the test users' Origin (tests/support/test-users.ts), so their requests count as same-site.
  const app = createApp(createTestContext(database, { APP_URL: 'http://localhost:3000', TRUST_PROXY: '1' }));
  const listener = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  await new Promise((resolve) => setTimeout(resolve, 200));

  const { wait, fifoWait, batches } = await fairness(database, app);

  const sender = await signUpTestUser(app);
  await makeBulkSender(database.db, sender.user.id);
  const idle = await healthDuring(url, () => new Promise((resolve) => setTimeout(resolve, 2_000)));
  const chunked = await healthDuring(url, async () => {
    const response = await fetch(`${url}/api/bulk-send`, {
      method: 'POST',
      headers: { ...sender.headers, 'content-type': 'application/json', 'x-forwarded-for': '10.200.0.1' },
      body: JSON.stringify({ template: defaultTemplate, properties: owners(BIG_JOB, 'chunked') }),
    });
    if (response.status !== 201) throw new Error(`bulk send refused: ${response.status} ${await response.text()}`);
  });
  const oneStatement = await healthDuring(url, async () => {
    const [job] = await database.db
      .insert(bulkSendJobs)
      .values({ workspaceId: sender.user.id, userId: sender.user.id, total: BIG_JOB, status: 'done' })
      .returning({ id: bulkSendJobs.id });
    const items = owners(BIG_JOB, 'single').map((property) => ({
      email: property.email,
      property: { ...property, offerRange: { low: 1, high: 2 }, templateName: 'x' },
      status: 'skipped',
    }));
    await database.db.execute(sql`
      insert into bulk_send_items (job_id, position, email, property, status)
      select ${job!.id}::uuid, (item.position - 1)::int, item.value->>'email', item.value->'property', item.value->>'status'
      from jsonb_array_elements(${JSON.stringify(items)}::jsonb) with ordinality as item(value, position)`);
  });

  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
  const row = (label: string, result: Awaited<ReturnType<typeof healthDuring>>) =>
    `  ${label.padEnd(46)} ${(result.workMs / 1000).toFixed(2).padStart(5)} s  health p50 ${ms(result.p50)}  p99 ${ms(result.p99)}  max ${ms(result.max)}  (${result.count} requests)`;
  console.log(
    `bulk queue fairness: ${BIG_JOB.toLocaleString('en-US')}-item job, then a 1-item job of another user ${SMALL_JOB_STARTS_AFTER_MS / 1000} s later; ` +
      `batches of ${BATCH_SIZE}, one e-mail per ${INTERVAL_MS} ms (simulated clock), PGlite`,
  );
  console.log(
    `  1-item job's e-mail due after ${formatDuration(wait)} (batch ${batches}, measured); ` +
      `one FIFO queue: after ${formatDuration(fifoWait)} (modelled, not measured: the big job's remaining items × ${INTERVAL_MS} ms)`,
  );
  console.log(
    `/api/health while storing ${BIG_JOB.toLocaleString('en-US')} items (4 health requests at a time), ${availableParallelism()} cores, ` +
      `load average ${loadavg()[0]!.toFixed(1)}, PGlite`,
  );
  console.log(row('idle (baseline)', idle));
  console.log(row('POST /api/bulk-send, chunks of 1,000 (now)', chunked));
  console.log(row('one INSERT of 20,000 rows (before)', oneStatement));

  await new Promise<void>((resolve) => listener.close(() => resolve()));
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
