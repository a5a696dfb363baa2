// The Today list for a member with 5,000 open tasks (issue 42), on PGlite and on a throwaway
// PostgreSQL 15: the latency of GET /api/tasks (their day: overdue, today and upcoming) one request
// at a time through the real app in-process (session, workspace scope, queries, JSON), p50 and p99.
// The member's workspace holds 4 teammates with 5,000 open tasks each too, on 1,000 leads.
// Run: npx tsx bench/today-list.ts
import { sql } from 'drizzle-orm';
import { createApp } from '#server/app.ts';
import { openPgliteDatabase, openPostgresDatabase, type DatabaseConnection } from '#server/db/database.ts';
import { createDatabase, startPostgresServer } from '#tests/support/postgres-server.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { signUpUser, TEST_ORIGIN, uniqueEmail } from '#tests/support/test-users.ts';
import { joinWorkspace } from '#tests/support/workspaces.ts';

const TASKS_PER_MEMBER = 5_000;
const TEAMMATES = 4;
const LEADS = 1_000;
const WARMUP = 20;
const RUNS = 200;
const TARGET_MS = 300;

/** Open tasks for `userId`, due from 30 days ago to 60 days ahead (about a third today or overdue), on the workspace's leads. */
async function fillTasks(database: DatabaseConnection, workspaceId: string, userId: string) {
  await database.db.execute(sql`
    insert into tasks (workspace_id, kind, due_at, assignee_user_id, note, lead_id)
    select ${workspaceId},
           (array['call', 'text', 'mail', 'meeting', 'other'])[1 + i % 5],
           now() - interval '30 days' + (i * interval '90 days' / ${TASKS_PER_MEMBER}),
           ${userId}, 'Bench task ' || i,
           (select id from leads where workspace_id = ${workspaceId} order by id offset (i % ${LEADS}) limit 1)
    from generate_series(1, ${TASKS_PER_MEMBER}) as i`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function measure(label: string, database: DatabaseConnection) {
  const context = createTestContext(database, { APP_URL: TEST_ORIGIN });
  const app = createApp(context);
  try {
    const rep = await signUpUser(app, { email: uniqueEmail('today-rep'), headers: { 'x-forwarded-for': '10.60.0.1' } });
    const workspaceId = rep.userId;
    await database.db.execute(sql`
      insert into leads (workspace_id, assignee_user_id, source, address, name, phone, response_kind)
      select ${workspaceId}, ${rep.userId}, 'shared-link', i || ' Bench Ave, Austin, TX', 'Owner ' || i,
             '512-555-0100', 'countered'
      from generate_series(1, ${LEADS}) as i`);
    await fillTasks(database, workspaceId, rep.userId);
    for (let index = 0; index < TEAMMATES; index += 1) {
      const teammate = await signUpUser(app, {
        email: uniqueEmail('today-mate'),
        headers: { 'x-forwarded-for': `10.60.1.${index + 1}` },
      });
      await joinWorkspace(database.db, { workspaceId, userId: teammate.userId, role: 'acquisitions' });
      await fillTasks(database, workspaceId, teammate.userId);
    }
    await database.db.execute(sql`analyze tasks`);

    const get = async () => {
      const started = performance.now();
      const response = await app.request('/api/tasks?timeZone=America%2FChicago', {
        headers: { cookie: rep.cookie, origin: TEST_ORIGIN },
      });
      const body = (await response.json()) as { today: unknown[]; upcoming: unknown[]; todayTotal: number };
      if (response.status !== 200) throw new Error(`GET /api/tasks answered ${response.status}`);
      return { ms: performance.now() - started, body };
    };
    for (let index = 0; index < WARMUP; index += 1) await get();
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof get>>['body'] | undefined;
    for (let index = 0; index < RUNS; index += 1) {
      const { ms, body } = await get();
      times.push(ms);
      last = body;
    }
    times.sort((a, b) => a - b);
    return {
      database: label,
      'today shown': last?.today.length,
      'today total': last?.todayTotal,
      'upcoming shown': last?.upcoming.length,
      'p50 ms': Math.round(percentile(times, 0.5)),
      'p99 ms': Math.round(percentile(times, 0.99)),
      verdict: percentile(times, 0.99) < TARGET_MS ? 'meets' : 'MISSES',
    };
  } finally {
    await context.changeFeed.close();
  }
}

const results = [];
const pglite = await openPgliteDatabase();
try {
  results.push(await measure('PGlite', pglite));
} finally {
  await pglite.close();
}
const server = await startPostgresServer();
try {
  const postgres = await openPostgresDatabase(await createDatabase(server.url));
  try {
    results.push(await measure('PostgreSQL 15', postgres));
  } finally {
    await postgres.close();
  }
} finally {
  await server.stop();
}

console.log(
  `GET /api/tasks (the Today list) for a member with ${TASKS_PER_MEMBER} open tasks, ${TEAMMATES} teammates with as many ` +
    `(${(TEAMMATES + 1) * TASKS_PER_MEMBER} in the workspace), ${RUNS} requests one at a time after ${WARMUP} unmeasured; target p99 < ${TARGET_MS} ms`,
);
console.table(results);
