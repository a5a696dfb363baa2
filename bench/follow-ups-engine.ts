// Issue 27's figure: 100,000 follow-up sequences, 20,000 of them due now, are picked and their
// step-2 e-mails queued at the provider's rate, while /api/health stays under 50 ms at p99. On
// PGlite and on a throwaway PostgreSQL 15: 100 senders (verified, with a postal address) each
// holding 1,000 sequences, of which 200 are due; the rest fall due in the coming days.
// The app's own worker runs the engine (batches of 20 on PostgreSQL, 4 on PGlite, a turn of the
// event loop between them), paced at Resend's 2 e-mails a second (BULK_EMAIL_INTERVAL_MS=500) with
// no limit on how far ahead it queues, so every due step is taken in one go and each send time is
// one interval after the last.
// Meanwhile a client asks GET /api/health over HTTP every 20 ms.
// Run: npx tsx bench/follow-ups-engine.ts (SEQUENCES= and DUE= change the sizes).
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { defaultFollowUpSequence } from '#domain/follow-ups/sequence.ts';
import { createApp } from '#server/app.ts';
import { openPgliteDatabase, openPostgresDatabase, type DatabaseConnection } from '#server/db/database.ts';
import { sendingPolicyConfig } from '#server/email/send-to-third-party.ts';
import { createFollowUpClock } from '#server/follow-ups/follow-up-clock.ts';
import { startFollowUpWorker } from '#server/follow-ups/start-follow-up-worker.ts';
import { restateFreshOffer } from '#server/leads-inbox/restate-fresh-offer.ts';
import { createDatabase, startPostgresServer } from '#tests/support/postgres-server.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { percentile } from './support/percentile';

const SEQUENCES = Number(process.env.SEQUENCES ?? 100_000);
const DUE = Number(process.env.DUE ?? 20_000);
const SENDERS = 100;
const INTERVAL_MS = 500;
const HEALTH_EVERY_MS = 20;
const HEALTH_P99_TARGET_MS = 50;

const round = (ms: number) => Math.round(ms * 10) / 10;

/** SENDERS verified users with a profile (the migration's triggers give each a workspace), their offers and sequences. */
async function seed({ db }: DatabaseConnection) {
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select 'bench-sender-' || s, 'Sender ' || s, 'sender' || s || '@bench.example', true, now(), now()
    from generate_series(1, ${SENDERS}) as s`);
  await db.execute(sql`
    insert into wholesaler_profiles (workspace_id, user_id, display_name, company, phone, postal_address)
    select 'bench-sender-' || s, 'bench-sender-' || s, 'Sender ' || s, 'Bench Homes ' || s, '512-555-0100',
           '1 Main St, Austin, TX 78701'
    from generate_series(1, ${SENDERS}) as s`);
  await db.execute(sql`
    insert into offer_links (workspace_id, user_id, token_hash, source, address, market_value, offer_low, offer_high,
                             recipient_name, recipient_email, created_at, expires_at)
    select 'bench-sender-' || (1 + i % ${SENDERS}), 'bench-sender-' || (1 + i % ${SENDERS}), md5('bench' || i),
           'bulk-email', i || ' Bench Ave, Austin, TX 78701', 200000, 113000, 128000,
           'Owner ' || i, 'owner' || i || '@example.com', now() - interval '2 days', now() + interval '5 days'
    from generate_series(1, ${SEQUENCES}) as i`);
  // One sequence per offer: the first DUE (spread over the senders) are due, the rest later.
  await db.execute(sql`
    insert into follow_ups (workspace_id, sender_user_id, offer_link_id, offer_url, recipient_email, recipient_key,
                            recipient_name, time_zone, sequence, next_step, next_due_at, started_at, reply_token)
    select o.workspace_id, o.user_id, o.id, 'https://bench.example/offer/' || o.token_hash, o.recipient_email,
           o.recipient_email, o.recipient_name, 'America/Chicago', ${JSON.stringify(defaultFollowUpSequence)}::jsonb, 1,
           case when n <= ${DUE} then now() - (n % 600 || ' seconds')::interval
                else now() + (1 + n % 30 || ' days')::interval end,
           now() - interval '2 days', md5('reply' || o.id)
    from (select o.*, row_number() over (order by o.created_at, o.token_hash) as n from offer_links o) o`);
}

async function measure(kind: string, database: DatabaseConnection, port: number) {
  const seedStarted = performance.now();
  await seed(database);
  const seededInMs = performance.now() - seedStarted;
  const context = createTestContext(database, { BULK_EMAIL_DAILY_LIMIT: '1000000' });
  const app = createApp(context);
  const listener = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  try {
    const health: number[] = [];
    let running = true;
    const prober = (async () => {
      while (running) {
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`/api/health answered ${response.status}`);
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
      }
    })();

    const started = performance.now();
    const worker = startFollowUpWorker({
      database,
      policy: sendingPolicyConfig(context),
      clock: createFollowUpClock(),
      inboundDomain: null,
      intervalMs: INTERVAL_MS,
      pollIntervalMs: 3_600_000,
      queueAheadMs: Number.POSITIVE_INFINITY,
      restateOffer: restateFreshOffer,
    });
    const queued = async () => {
      const { rows } = (await database.db.execute(
        sql`select count(*)::int as n from email_outbox where purpose = 'follow-up'`,
      )) as unknown as { rows: { n: number }[] };
      return rows[0]!.n;
    };
    let emailed = 0;
    while ((emailed = await queued()) < DUE) await new Promise((resolve) => setTimeout(resolve, 250));
    await worker.stop();
    const elapsedMs = performance.now() - started;
    running = false;
    await prober;

    const { rows } = (await database.db.execute(sql`
      select count(*)::int as queued,
             (extract(epoch from max(next_attempt_at) - min(next_attempt_at)) * 1000)::bigint as span_ms,
             count(distinct next_attempt_at)::int as distinct_times
      from email_outbox where purpose = 'follow-up'`)) as unknown as {
      rows: { queued: number; span_ms: string; distinct_times: number }[];
    };
    const [outbox] = rows;
    health.sort((a, b) => a - b);
    return {
      database: kind,
      'seeded (s)': round(seededInMs / 1000),
      'due steps e-mailed': emailed,
      'queued in outbox': outbox!.queued,
      'picking (s)': round(elapsedMs / 1000),
      'steps/s': Math.round((emailed / elapsedMs) * 1000),
      'send times 500 ms apart':
        Number(outbox!.span_ms) === (outbox!.queued - 1) * INTERVAL_MS && outbox!.distinct_times === outbox!.queued,
      'health requests': health.length,
      'health p50 (ms)': round(percentile(health, 0.5)),
      'health p99 (ms)': round(percentile(health, 0.99)),
      'health max (ms)': round(health.at(-1) ?? NaN),
    };
  } finally {
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    await context.changeFeed.close();
  }
}

const results = [];
const pglite = await openPgliteDatabase();
try {
  results.push(await measure('PGlite', pglite, 3425));
} finally {
  await pglite.close();
}
const server = await startPostgresServer();
try {
  const postgres = await openPostgresDatabase(await createDatabase(server.url));
  try {
    results.push(await measure('PostgreSQL 15', postgres, 3426));
  } finally {
    await postgres.close();
  }
} finally {
  await server.stop();
}
console.log(
  `${SEQUENCES} follow-up sequences, ${DUE} due now, ${SENDERS} senders; the worker's batches, paced ${INTERVAL_MS} ms apart ` +
    `(Resend's 2 a second); GET /api/health every ${HEALTH_EVERY_MS} ms meanwhile, target p99 < ${HEALTH_P99_TARGET_MS} ms`,
);
console.table(results);
