// Issue 40 §3: GET /metrics in Prometheus' text format, for METRICS_TOKEN only; the queue gauges
// read the database, so they show rows any process queued.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase, openTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';
import { postAuth, signUpTestUser, signUpUser } from '#tests/support/test-users.ts';
import { bulkSendItems, bulkSendJobs, emailOutbox, followUps, offerLinks } from '../db/schema';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The value of one sample (`name{labels} value`), or undefined when the text has none. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(labels ? `${name}{${labels}} ` : `${name} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(() => database.close());

  it('does not exist: 404 with or without a token', async () => {
    const app = createTestApp(database);
    expect((await app.request('/metrics')).status).toBe(404);
    expect((await app.request('/metrics', { headers: bearer(METRICS_TOKEN) })).status).toBe(404);
  });
});

describeEachDatabase('GET /metrics', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { METRICS_TOKEN, TRUST_PROXY: '1' });
  });
  const scrape = async () => {
    const response = await app.request('/metrics', { headers: bearer(METRICS_TOKEN) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    return response.text();
  };

  it('refuses a request without the token, with another token, or with a forged header: 401, and no metric', async () => {
    const attempts: Record<string, string>[] = [
      {},
      bearer('metrics-token-for-tests-012345678'),
      bearer(`${METRICS_TOKEN}x`),
      { authorization: `Basic ${Buffer.from(`metrics:${METRICS_TOKEN}`).toString('base64')}` },
      { authorization: METRICS_TOKEN },
      { authorization: `Bearer ${METRICS_TOKEN} ${METRICS_TOKEN}` },
      { cookie: `token=${METRICS_TOKEN}` },
    ];
    for (const headers of attempts) {
      const response = await app.request('/metrics', { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      const body = await response.text();
      expect(body).not.toContain('http_requests_total');
      expect(body).not.toContain('email_outbox_emails');
    }
  });

  it('answers the process metrics: requests by route pattern and status, heap, event-loop delay, pool', async () => {
    const before = sample(await scrape(), 'http_requests_total', 'method="GET",route="/api/health",status="200"') ?? 0;
    expect((await app.request('/api/health')).status).toBe(200);
    expect((await app.request('/api/health')).status).toBe(200);
    const text = await scrape();
    expect(sample(text, 'http_requests_total', 'method="GET",route="/api/health",status="200"')).toBe(before + 2);
    expect(
      sample(text, 'http_request_duration_seconds_count', 'method="GET",route="/api/health",status="200"'),
    ).toBeGreaterThanOrEqual(before + 2);
    for (const name of [
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'database_pool_connections_in_use',
      'database_pool_requests_waiting',
    ])
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
  });

  it('counts sign-in failures, lockouts and refused webhook deliveries', async () => {
    const before = await scrape();
    const user = await signUpUser(app, { headers: { 'x-forwarded-for': '10.40.0.1' } });
    const wrong = { email: user.email, password: `${user.password}-wrong` };
    let failures = 0;
    let lockouts = 0;
    for (let attempt = 0; attempt < 11; attempt++) {
      const status = (await postAuth(app, '/sign-in/email', wrong, { 'x-forwarded-for': '10.40.0.2' })).status;
      if (status === 401) failures++;
      if (status === 429) lockouts++;
    }
    expect(failures).toBe(10);
    expect(lockouts).toBe(1);
    const webhook = await app.request('/api/email/webhook', { method: 'POST', body: '{}' });
    expect(webhook.status).toBe(404);
    const after = await scrape();
    const delta = (name: string, labels = '') =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta('sign_in_failures_total')).toBe(10);
    expect(delta('sign_in_lockouts_total')).toBe(1);
    expect(delta('webhook_deliveries_refused_total', 'provider="resend",reason="not-configured"')).toBe(1);
  });

  it('reads the queues from the database: e-mails due, sending, failed; follow-ups due; bulk items waiting; oldest ages', async () => {
    const { user } = await signUpTestUser(app);
    // Each sign-up so far queued its verification link (issue 42 §6), due at once: the e-mails
    // inserted below are counted on top of those.
    const before = await scrape();
    const dueBefore = sample(before, 'email_outbox_emails', 'state="due"')!;
    expect(dueBefore).toBeGreaterThanOrEqual(1);
    expect(sample(before, 'queue_oldest_due_age_seconds', 'queue="email"')).toBeLessThan(100);
    const db = database().db;
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
    const email = {
      toAddress: 'owner@example.com',
      fromAddress: 'offers@localhost',
      subject: 'Offer',
      html: '<p>x</p>',
    };
    await db.insert(emailOutbox).values([
      { ...email, status: 'pending', nextAttemptAt: ago(120) },
      { ...email, status: 'pending', nextAttemptAt: ago(30) },
      { ...email, status: 'pending', nextAttemptAt: ago(-3600) },
      { ...email, status: 'sending', nextAttemptAt: ago(-300) },
      { ...email, status: 'failed' },
      { ...email, status: 'sent' },
    ]);
    const [link] = await db
      .insert(offerLinks)
      .values({
        workspaceId: user.id,
        userId: user.id,
        tokenHash: randomUUID(),
        source: 'shared-link',
        address: '12 Oak St, Austin, TX',
        marketValue: 200_000,
        offerLow: 100_000,
        offerHigh: 120_000,
        expiresAt: ago(-86_400),
      })
      .returning();
    const followUp = {
      workspaceId: user.id,
      senderUserId: user.id,
      offerLinkId: link!.id,
      offerUrl: 'http://localhost:3000/offer/x',
      timeZone: 'America/Chicago',
      sequence: { name: 'Default', steps: [] } as unknown as typeof followUps.$inferInsert.sequence,
      nextStep: 0,
      startedAt: ago(86_400),
    };
    await db.insert(followUps).values([
      {
        ...followUp,
        recipientEmail: 'a@example.com',
        recipientKey: 'a@example.com',
        replyToken: randomUUID(),
        nextDueAt: ago(300),
      },
      {
        ...followUp,
        recipientEmail: 'b@example.com',
        recipientKey: 'b@example.com',
        replyToken: randomUUID(),
        nextDueAt: ago(-300),
      },
      {
        ...followUp,
        recipientEmail: 'c@example.com',
        recipientKey: 'c@example.com',
        replyToken: randomUUID(),
        nextDueAt: ago(600),
        status: 'stopped',
      },
    ]);
    const [job] = await db
      .insert(bulkSendJobs)
      .values({ workspaceId: user.id, userId: user.id, status: 'running', total: 3, createdAt: ago(900) })
      .returning();
    const property = {} as typeof bulkSendItems.$inferInsert.property;
    await db.insert(bulkSendItems).values([
      { jobId: job!.id, position: 0, email: 'a@example.com', property, status: 'queued' },
      { jobId: job!.id, position: 1, email: 'b@example.com', property },
      { jobId: job!.id, position: 2, email: 'c@example.com', property },
    ]);

    const text = await scrape();
    expect(sample(text, 'email_outbox_emails', 'state="due"')).toBe(dueBefore + 2);
    expect(sample(text, 'email_outbox_emails', 'state="sending"')).toBe(1);
    expect(sample(text, 'email_outbox_emails', 'state="failed"')).toBe(1);
    expect(sample(text, 'follow_up_steps_due')).toBe(1);
    expect(sample(text, 'bulk_send_items_waiting')).toBe(2);
    expect(sample(text, 'queue_oldest_due_age_seconds', 'queue="email"')).toBeGreaterThanOrEqual(119);
    expect(sample(text, 'queue_oldest_due_age_seconds', 'queue="email"')).toBeLessThan(200);
    expect(sample(text, 'queue_oldest_due_age_seconds', 'queue="follow_up"')).toBeGreaterThanOrEqual(299);
    expect(sample(text, 'queue_oldest_due_age_seconds', 'queue="bulk_send"')).toBeGreaterThanOrEqual(899);
  });
});
