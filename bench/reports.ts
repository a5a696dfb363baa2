// /reports' first screen (issue 42 §5) for a workspace with 100,000 prospects, 20,000 leads and 10
// members, on a throwaway PostgreSQL 15 and on PGlite: the latency of GET /api/reports for the
// latest month, one request at a time through the real app in-process (session, roles, the SQL
// aggregates, JSON), p50 and p99. The workspace's year: 16 e-mail sends of 5,000 owners and 10 Lob
// sends of 2,000 pieces (every owner a prospect with its touch or piece, short code and offer link),
// 16,000 leads answering them and 4,000 from other sources, with calls, status changes, meetings
// and deal terms spread over the twelve months.
// Run: npx tsx bench/reports.ts [--postgres-only | --pglite-only]
import { sql } from 'drizzle-orm';
import { createApp } from '#server/app.ts';
import { openPgliteDatabase, openPostgresDatabase, type DatabaseConnection } from '#server/db/database.ts';
import { createDatabase, startPostgresServer } from '#tests/support/postgres-server.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { signUpUser, TEST_ORIGIN, uniqueEmail } from '#tests/support/test-users.ts';
import { joinWorkspace, setWorkspacePlan } from '#tests/support/workspaces.ts';
import { percentile } from './support/percentile';

const MEMBERS = 10;
const EMAIL_SENDS = 16;
const OWNERS_PER_EMAIL_SEND = 5_000;
const MAIL_SENDS = 10;
const PIECES_PER_MAIL_SEND = 2_000;
const OTHER_LEADS = 4_000;
const MONTH = '2026-10';
const WARMUP = 5;
const RUNS = 40;
const TARGET_MS = 1_000;

/** The workspace's nth member (0-based, in user id order), for spreading sends and leads among them. */
const memberNumber = (workspaceId: string, n: SQLish) =>
  sql`(select user_id from member where organization_id = ${workspaceId} order by user_id offset (${n}) % ${MEMBERS} limit 1)`;
type SQLish = ReturnType<typeof sql.raw>;

async function fillWorkspace(database: DatabaseConnection, workspaceId: string) {
  const run = (query: ReturnType<typeof sql>) => database.db.execute(query);
  const emailOwners = EMAIL_SENDS * OWNERS_PER_EMAIL_SEND;
  const mailOwners = MAIL_SENDS * PIECES_PER_MAIL_SEND;
  await run(sql`insert into bulk_send_jobs (workspace_id, user_id, status, total, created_at)
    select ${workspaceId}, ${memberNumber(workspaceId, sql.raw('k'))}, 'done', ${OWNERS_PER_EMAIL_SEND},
      timestamptz '2026-10-28T15:00:00Z' - k * interval '22 days'
    from generate_series(0, ${EMAIL_SENDS - 1}) as k`);
  await run(sql`insert into mail_sends (workspace_id, user_id, format, pieces, channel, price_per_piece_cents, confirmed_at, created_at)
    select ${workspaceId}, ${memberNumber(workspaceId, sql.raw('k + 3'))}, 'letter', ${PIECES_PER_MAIL_SEND}, 'lob', 83,
      timestamptz '2026-10-20T15:00:00Z' - k * interval '33 days', timestamptz '2026-10-20T15:00:00Z' - k * interval '33 days'
    from generate_series(0, ${MAIL_SENDS - 1}) as k`);
  await run(sql`insert into prospects (workspace_id, key, name, address)
    select ${workspaceId}, 'bench-' || n, 'Owner ' || n, n || ' Bench St, Austin, TX'
    from generate_series(0, ${emailOwners + mailOwners - 1}) as n`);

  // E-mail sends: an item and an e-mailed touch per owner.
  await run(sql`insert into bulk_send_items (job_id, position, email, property, status, prospect_id)
    select jobs.id, p.n % ${OWNERS_PER_EMAIL_SEND}, 'owner' || p.n || '@example.com', '{}'::jsonb, 'queued', p.id
    from (select id, substring(key from 7)::int as n from prospects where workspace_id = ${workspaceId}) as p
    join (select id, row_number() over (order by created_at) - 1 as k from bulk_send_jobs where workspace_id = ${workspaceId}) as jobs
      on jobs.k = p.n / ${OWNERS_PER_EMAIL_SEND}
    where p.n < ${emailOwners}`);
  await run(sql`insert into prospect_touches (workspace_id, prospect_id, kind, at, send_job_id)
    select ${workspaceId}, items.prospect_id, 'e-mailed', jobs.created_at, jobs.id
    from bulk_send_items items join bulk_send_jobs jobs on jobs.id = items.job_id
    where jobs.workspace_id = ${workspaceId}`);
  // Mail sends: a piece, an offer link and a short code per owner.
  await run(sql`insert into mail_pieces (workspace_id, send_id, position, owner_name, mailing_address, mailing_address_key, format, status, created_at)
    select ${workspaceId}, sends.id, p.n % ${PIECES_PER_MAIL_SEND}, 'Owner ' || p.n,
      jsonb_build_object('street', p.n || ' Bench St', 'city', 'Austin', 'state', 'TX', 'zip', '78701'),
      'key-' || p.n, 'letter', (array['mailed', 'delivered', 'in-transit', 'returned', 'failed'])[1 + p.n % 5], sends.created_at
    from (select substring(key from 7)::int as n from prospects where workspace_id = ${workspaceId}) as p
    join (select id, created_at, row_number() over (order by created_at) - 1 as k from mail_sends where workspace_id = ${workspaceId}) as sends
      on sends.k = (p.n - ${emailOwners}) / ${PIECES_PER_MAIL_SEND}
    where p.n >= ${emailOwners}`);
  await run(sql`insert into offer_links (workspace_id, user_id, token_hash, source, address, market_value, offer_low, offer_high, expires_at)
    select ${workspaceId}, sends.user_id, 'bench-mail-' || pieces.id, 'mail', pieces.owner_name, 200000, 120000, 130000, '2030-01-01'
    from mail_pieces pieces join mail_sends sends on sends.id = pieces.send_id where pieces.workspace_id = ${workspaceId}`);
  await run(sql`insert into mail_short_codes (workspace_id, code_digest, sealed, piece_id, position, offer_link_id, prospect_id)
    select ${workspaceId}, 'bench-' || pieces.id, 'sealed', pieces.id, 0, links.id, prospects.id
    from mail_pieces pieces
    join offer_links links on links.token_hash = 'bench-mail-' || pieces.id
    join prospects on prospects.workspace_id = ${workspaceId} and prospects.key = 'bench-' || substring(pieces.mailing_address_key from 5)
    where pieces.workspace_id = ${workspaceId}`);
  // 12,000 e-mailed owners and 4,000 mailed ones answered: an offer link and a lead each.
  await run(sql`insert into offer_links (workspace_id, user_id, token_hash, source, address, market_value, offer_low, offer_high, expires_at, bulk_send_item_id)
    select ${workspaceId}, jobs.user_id, 'bench-email-' || items.id, 'bulk-email', items.email, 200000, 120000, 130000, '2030-01-01', items.id
    from bulk_send_items items join bulk_send_jobs jobs on jobs.id = items.job_id
    where jobs.workspace_id = ${workspaceId} and items.position % 20 < 3`);
  const leadColumns = sql.raw(
    '(workspace_id, address, source, status, response_kind, offer_link_id, contact_key, assignee_user_id, created_at, responded_at)',
  );
  const statusOf = (n: string) =>
    sql.raw(
      `(array['new', 'new', 'new', 'new', 'contacted', 'contacted', 'negotiating', 'under-contract', 'closed', 'dead'])[1 + (${n}) % 10]`,
    );
  await run(sql`insert into leads ${leadColumns}
    select ${workspaceId}, links.address, 'bulk-email', ${statusOf('abs(hashtext(links.id::text))')}, 'accepted', links.id, links.id::text,
      ${memberNumber(workspaceId, sql.raw('items.position'))}, jobs.created_at + (items.position % 9) * interval '1 day',
      jobs.created_at + (items.position % 9) * interval '1 day'
    from offer_links links join bulk_send_items items on items.id = links.bulk_send_item_id
      join bulk_send_jobs jobs on jobs.id = items.job_id
    where links.workspace_id = ${workspaceId}`);
  await run(sql`insert into leads ${leadColumns}
    select ${workspaceId}, links.address, 'mail', ${statusOf('abs(hashtext(links.id::text))')}, 'countered', links.id, links.id::text,
      ${memberNumber(workspaceId, sql.raw('pieces.position'))}, pieces.created_at + (pieces.position % 11) * interval '1 day',
      pieces.created_at + (pieces.position % 11) * interval '1 day'
    from mail_short_codes codes join mail_pieces pieces on pieces.id = codes.piece_id join offer_links links on links.id = codes.offer_link_id
    where codes.workspace_id = ${workspaceId} and pieces.position % 5 = 0`);
  await run(sql`insert into leads ${leadColumns}
    select ${workspaceId}, n || ' Walk-in Rd, Austin, TX', (array['personal-page', 'shared-link'])[1 + n % 2], ${statusOf('n')},
      'accepted', null, 'other-' || n, ${memberNumber(workspaceId, sql.raw('n'))},
      timestamptz '2026-10-30T12:00:00Z' - (n % 365) * interval '1 day', timestamptz '2026-10-30T12:00:00Z' - (n % 365) * interval '1 day'
    from generate_series(0, ${OTHER_LEADS - 1}) as n`);

  // Each lead's steps: a call and status changes as far as its status, a meeting, the deal's terms.
  const reached = (statuses: string) =>
    sql.raw(
      `status in (${statuses
        .split(' ')
        .map((status) => `'${status}'`)
        .join(', ')})`,
    );
  await run(sql`insert into lead_events (lead_id, kind, text, created_at)
    select id, 'call', 'Call', created_at + interval '1 day' from leads where workspace_id = ${workspaceId} and status <> 'new'`);
  for (const [to, days, statuses] of [
    ['contacted', 1, 'contacted negotiating under-contract closed'],
    ['negotiating', 5, 'negotiating under-contract closed'],
    ['under-contract', 12, 'under-contract closed'],
    ['closed', 30, 'closed'],
    ['dead', 3, 'dead'],
  ] as const)
    await run(sql`insert into lead_events (lead_id, kind, to_status, created_at)
      select id, 'status', ${to}, created_at + ${days} * interval '1 day'
      from leads where workspace_id = ${workspaceId} and ${reached(statuses)}`);
  await run(sql`insert into tasks (workspace_id, kind, due_at, assignee_user_id, note, lead_id, created_at)
    select ${workspaceId}, 'meeting', created_at + interval '4 days', assignee_user_id, 'Walkthrough', id, created_at + interval '2 days'
    from leads where workspace_id = ${workspaceId} and ${reached('negotiating under-contract closed')}`);
  await run(sql`insert into deal_terms (lead_id, workspace_id, contract_price, contract_date, closed_on, amount_received)
    select id, ${workspaceId}, 110000, (created_at + interval '12 days')::date,
      case when status = 'closed' then (created_at + interval '30 days')::date end,
      case when status = 'closed' then 9500 + (abs(hashtext(id::text)) % 10) * 500 end
    from leads where workspace_id = ${workspaceId} and ${reached('under-contract closed')}`);
  for (const table of [
    'prospects',
    'prospect_touches',
    'leads',
    'lead_events',
    'tasks',
    'mail_pieces',
    'mail_short_codes',
    'offer_links',
    'bulk_send_items',
    'deal_terms',
  ])
    await run(sql.raw(`analyze ${table}`));
}

async function measure(label: string, database: DatabaseConnection) {
  const context = createTestContext(database, { APP_URL: TEST_ORIGIN });
  const app = createApp(context);
  try {
    const owner = await signUpUser(app, {
      email: uniqueEmail('report-owner'),
      headers: { 'x-forwarded-for': '10.70.0.1' },
    });
    const workspaceId = owner.userId;
    await setWorkspacePlan(database.db, workspaceId, 'pro', MEMBERS - 3);
    for (let index = 1; index < MEMBERS; index += 1) {
      const mate = await signUpUser(app, {
        email: uniqueEmail('report-mate'),
        headers: { 'x-forwarded-for': `10.70.1.${index}` },
      });
      await joinWorkspace(database.db, {
        workspaceId,
        userId: mate.userId,
        role: index === 1 ? 'manager' : 'acquisitions',
      });
    }
    const filling = performance.now();
    await fillWorkspace(database, workspaceId);
    const filledIn = Math.round((performance.now() - filling) / 1000);

    const get = async () => {
      const started = performance.now();
      const response = await app.request(`/api/reports?month=${MONTH}`, {
        headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      });
      const body = (await response.json()) as { totals: { reached: number; leads: number; closed: number } };
      if (response.status !== 200)
        throw new Error(`GET /api/reports answered ${response.status}: ${JSON.stringify(body)}`);
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
    const [counts] = (
      (await database.db.execute(sql`select
        (select count(*) from prospects where workspace_id = ${workspaceId})::int as prospects,
        (select count(*) from leads where workspace_id = ${workspaceId})::int as leads`)) as unknown as {
        rows: { prospects: number; leads: number }[];
      }
    ).rows;
    return {
      database: label,
      prospects: counts?.prospects,
      leads: counts?.leads,
      'filled in s': filledIn,
      [`${MONTH} reached`]: last?.totals.reached,
      [`${MONTH} leads`]: last?.totals.leads,
      [`${MONTH} closed`]: last?.totals.closed,
      'p50 ms': Math.round(percentile(times, 0.5)),
      'p99 ms': Math.round(percentile(times, 0.99)),
      verdict: percentile(times, 0.99) < TARGET_MS ? 'meets' : 'MISSES',
    };
  } finally {
    await context.changeFeed.close();
  }
}

const results = [];
const server = process.argv.includes('--pglite-only') ? null : await startPostgresServer();
if (server)
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
if (!process.argv.includes('--postgres-only')) {
  const pglite = await openPgliteDatabase();
  try {
    results.push(await measure('PGlite', pglite));
  } finally {
    await pglite.close();
  }
}

console.log(
  `GET /api/reports?month=${MONTH} (the first screen) for a workspace with ${MEMBERS} members, ` +
    `${(EMAIL_SENDS * OWNERS_PER_EMAIL_SEND + MAIL_SENDS * PIECES_PER_MAIL_SEND).toLocaleString('en-US')} prospects and ` +
    `about 20,000 leads, ${RUNS} requests one at a time after ${WARMUP} unmeasured; target p99 < ${TARGET_MS} ms`,
);
console.table(results);
