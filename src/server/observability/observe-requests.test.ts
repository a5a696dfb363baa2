// Issue 40 §2: every request has an id, answered in X-Request-Id and carried by every line it
// causes (the e-mail worker's for an e-mail it queued too), and one access line by route pattern.
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { makeBulkSender } from '#tests/support/bulk-sender.ts';
import { captureLog } from '#tests/support/capture-log.ts';
import { mailedTo } from '#tests/support/outbox.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { TEST_AUTH_SECRET } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { postAuth, signUpTestUser, uniqueEmail, signUpUser } from '#tests/support/test-users.ts';
import { queueDueBulkItems } from '../bulk-send/queue-due-bulk-items';
import { bulkSendJobs, emailOutbox } from '../db/schema';
import { deliverDueEmails } from '../email/deliver-due-emails';
import { createOutboxLogTransport } from '../email/outbox-log-transport';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const WEBHOOK_SECRET = `whsec_${Buffer.from('observe-requests-signing-secret!').toString('base64')}`;

let log: ReturnType<typeof captureLog> | undefined;
afterEach(() => log?.restore());

describeEachDatabase('request ids and the access log', (database) => {
  let app: ReturnType<typeof createTestApp>;
  let direct: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1', RESEND_WEBHOOK_SECRET: WEBHOOK_SECRET });
    direct = createTestApp(database());
  });

  it("answers a new X-Request-Id on every request; a trusted proxy's own only with TRUST_PROXY and when it is a safe token", async () => {
    const fresh = (await app.request('/api/health')).headers.get('x-request-id');
    expect(fresh).toMatch(uuid);
    expect((await app.request('/api/health')).headers.get('x-request-id')).not.toBe(fresh);
    const fromProxy = await app.request('/api/health', { headers: { 'x-request-id': 'lb-7f3a9c' } });
    expect(fromProxy.headers.get('x-request-id')).toBe('lb-7f3a9c');
    const untrusted = await direct.request('/api/health', { headers: { 'x-request-id': 'lb-7f3a9c' } });
    expect(untrusted.headers.get('x-request-id')).toMatch(uuid);
    const forged = await app.request('/api/health', { headers: { 'x-request-id': 'x level=error msg=forged' } });
    expect(forged.headers.get('x-request-id')).toMatch(uuid);
    // Answered on a route's refusal and on a path nothing serves, too.
    expect((await app.request('/api/properties')).headers.get('x-request-id')).toMatch(uuid);
    expect((await app.request('/api/no-such-thing')).headers.get('x-request-id')).toMatch(uuid);
  });

  it('writes one access line per request: method, route pattern, status, duration, user and workspace', async () => {
    const { user, headers } = await signUpTestUser(app);
    log = captureLog();
    const response = await app.request('/api/properties', { headers: { ...headers, 'x-request-id': 'list-1' } });
    expect(response.status).toBe(200);
    const access = log.records.filter((record) => record.msg === 'request');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      level: 'info',
      requestId: 'list-1',
      method: 'GET',
      route: '/api/properties',
      status: 200,
      userId: user.id,
      workspaceId: user.id,
    });
    expect(access[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('names a route by its pattern, never by a path that holds a token', async () => {
    const token = 'Q2FzaE9mZmVyVG9rZW4tMzItcmFuZG9tLWJ5dGVzLXh5';
    log = captureLog();
    const response = await app.request(`/api/public/offers/${token}`);
    expect(response.status).toBe(404);
    expect(log.records).toHaveLength(1);
    expect(log.records[0]).toMatchObject({ route: '/api/public/offers/:token', status: 404 });
    expect(log.text()).not.toContain(token);
  });

  it("gives every line a request causes that request's id (a refused webhook's warning)", async () => {
    log = captureLog();
    const response = await app.request('/api/email/webhook', {
      method: 'POST',
      headers: { 'x-request-id': 'hook-1', 'svix-id': 'msg_1', 'svix-timestamp': '1', 'svix-signature': 'v1,forged' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(log.records.map((record) => [record.msg, record.requestId])).toEqual([
      [expect.stringContaining('e-mail webhook refused'), 'hook-1'],
      ['request', 'hook-1'],
    ]);
  });

  it("gives the e-mail worker's lines for an e-mail a request queued that request's id", async () => {
    const email = uniqueEmail('reset');
    await signUpUser(app, { email, headers: { 'x-forwarded-for': '10.40.1.1' } });
    const asked = await postAuth(
      app,
      '/request-password-reset',
      { email },
      { 'x-request-id': 'reset-42', 'x-forwarded-for': '10.40.1.2' },
    );
    expect(asked.status).toBe(200);
    // The reset e-mail, not the verification link the sign-up queued.
    const [queued] = await database().db.select().from(emailOutbox).where(mailedTo(email));
    expect(queued).toMatchObject({ requestId: 'reset-42' });

    log = captureLog();
    const transport = createOutboxLogTransport(() => {});
    while ((await deliverDueEmails({ db: database().db, transport })).claimed > 0) {
      // every e-mail due, this one among them
    }
    expect(log.records).toContainEqual(
      expect.objectContaining({ msg: 'e-mail sent', emailId: queued!.id, requestId: 'reset-42' }),
    );
    expect(log.text()).not.toContain(email);
  });

  it("gives the bulk-send worker's work for a job a request created, and the e-mails it queues, that request's id", async () => {
    const { headers, user } = await signUpTestUser(app);
    await makeBulkSender(database().db, user.id);
    const owners = [1, 2].map((n) => ({
      firstName: `Owner${n}`,
      lastName: 'Lee',
      email: `bulk-owner${n}-${user.id.toLowerCase()}@example.com`,
      address: `${n} Oak St, Austin, TX`,
      marketValue: 200000,
    }));
    const response = await app.request('/api/bulk-send', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'x-request-id': 'bulk-7' },
      body: JSON.stringify({ template: defaultTemplate, properties: owners }),
    });
    expect(response.status).toBe(201);
    const { jobId } = (await response.json()) as { jobId: string };
    const [job] = await database().db.select().from(bulkSendJobs).where(eq(bulkSendJobs.id, jobId));
    expect(job).toMatchObject({ requestId: 'bulk-7' });

    const batch = await queueDueBulkItems({
      db: database().db,
      appUrl: 'https://offers.example',
      from: 'Offers <offers@example.com>',
      serverSecret: TEST_AUTH_SECRET,
      intervalMs: 0,
      batchSize: 5,
    });
    expect(batch.claimed).toBe(2);
    for (const owner of owners) {
      const [queued] = await database().db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, owner.email));
      expect(queued).toMatchObject({ requestId: 'bulk-7' });
    }
  });
});
