// Issue 16, finding 2: request bodies are bounded before anything reads them.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { proofOfFundsMessages } from '#domain/buyers/proof-of-funds-rules.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { makeBulkSender } from '#tests/support/bulk-sender.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser, TEST_ORIGIN } from '#tests/support/test-users.ts';
import { bulkSendJobs, rateLimits, savedProperties } from '../db/schema';
import { API_BODY_LIMIT_BYTES, limitRequestBody, routeBodyLimit } from './limit-request-body';

const CHUNK = 16 * 1024;

/** A body of `totalBytes` produced on demand, which says how much of it was ever pulled. */
function countingBody(totalBytes: number, fill = 'a') {
  let pulled = 0;
  const byte = fill.charCodeAt(0);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= totalBytes) return controller.close();
      const size = Math.min(CHUNK, totalBytes - pulled);
      pulled += size;
      controller.enqueue(new Uint8Array(size).fill(byte));
    },
  });
  return { stream, pulled: () => pulled };
}

function streamedPost(path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return new Request(`http://localhost:3000${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
}

describeEachDatabase('request body limit', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  it('refuses an anonymous 100 MB sign-in by its Content-Length, before reading a byte of it', async () => {
    const size = 100 * 1024 * 1024;
    const body = countingBody(size);
    const response = await app.request(
      streamedPost('/api/auth/sign-in/email', body.stream, {
        'content-length': String(size),
        'x-forwarded-for': '203.0.113.200',
      }),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'The request is too large (at most 64 KB).' });
    // Nothing but what the stream buffers ahead was pulled (the proof it answered before reading;
    // bench/body-limit.ts measures how fast); no sign-in attempt was counted.
    expect(body.pulled()).toBeLessThanOrEqual(2 * CHUNK);
    const counters = await database()
      .db.select()
      .from(rateLimits)
      .where(eq(rateLimits.key, 'sign-in:ip:203.0.113.200'));
    expect(counters).toEqual([]);
  });

  it('reads a body without Content-Length only up to 64 KB', async () => {
    const body = countingBody(20 * 1024 * 1024);
    const response = await app.request(streamedPost('/api/auth/sign-up/email', body.stream));
    expect(response.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(API_BODY_LIMIT_BYTES + 2 * CHUNK);
  });

  it('refuses a Content-Length that is not a number', async () => {
    const response = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, 'content-length': '1e9' },
      body: '{}',
    });
    expect(response.status).toBe(400);
  });

  it('refuses a signed-in user’s 1 MB save and stores nothing', async () => {
    const { headers, user } = await signUpTestUser(app);
    const bigAddress = 'x'.repeat(1024 * 1024);
    const response = await app.request('/api/properties', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ address: bigAddress, marketValue: 1, repairs: [], template: defaultTemplate }),
    });
    expect(response.status).toBe(413);
    expect(await database().db.select().from(savedProperties).where(eq(savedProperties.workspaceId, user.id))).toEqual(
      [],
    );
  });

  it('lets a Pro user send a bulk send above 64 KB, and refuses an anonymous one before reading it', async () => {
    const { headers, user } = await signUpTestUser(app);
    // A Pro user who may send bulk offers (verified e-mail, postal address: issue 16).
    await makeBulkSender(database().db, user.id);
    const properties = Array.from({ length: 800 }, (_, n) => ({
      firstName: `Owner${n}`,
      lastName: 'Lee',
      email: `owner${n}@example.com`,
      address: `${n} Oak St, Austin, TX`,
      marketValue: 200000,
    }));
    const body = JSON.stringify({ template: defaultTemplate, properties });
    expect(body.length).toBeGreaterThan(API_BODY_LIMIT_BYTES);
    const sent = await app.request('/api/bulk-send', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    });
    expect(sent.status).toBe(201);
    expect(await database().db.select().from(bulkSendJobs).where(eq(bulkSendJobs.userId, user.id))).toHaveLength(1);

    const anonymous = countingBody(20 * 1024 * 1024);
    const refused = await app.request(streamedPost('/api/bulk-send', anonymous.stream));
    expect(refused.status).toBe(401);
    expect(anonymous.pulled()).toBeLessThanOrEqual(2 * CHUNK);
  });
});

describe("routeBodyLimit (a larger route's own limit)", () => {
  const limit = 100 * 1024;
  const route = new Hono().post('/', routeBodyLimit(limit), async (c) => c.json({ read: (await c.req.text()).length }));
  const post = (body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
    route.request(streamedPost('/', body, headers));

  it('refuses a declared length above the limit before reading a byte of it', async () => {
    const body = countingBody(10 * limit);
    const response = await post(body.stream, { 'content-length': String(10 * limit) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'The request is too large (at most 100 KB).' });
    expect(body.pulled()).toBeLessThanOrEqual(2 * CHUNK);
  });

  it('lets a declared length within the limit through to the route, which reads the whole body', async () => {
    const response = await post(countingBody(limit).stream, { 'content-length': String(limit) });
    expect([response.status, await response.json()]).toEqual([200, { read: limit }]);
  });

  it('reads a body without a declared length (or a chunked one) only up to the limit', async () => {
    const body = countingBody(10 * limit);
    expect((await post(body.stream)).status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(limit + 2 * CHUNK);
    const chunked = countingBody(10 * limit);
    const response = await post(chunked.stream, { 'content-length': '10', 'transfer-encoding': 'chunked' });
    expect(response.status).toBe(413);
    expect(chunked.pulled()).toBeLessThanOrEqual(limit + 2 * CHUNK);
  });
});

describe('limitRequestBody on a larger route named with an id', () => {
  const app = new Hono().use(limitRequestBody()).all('*', (c) => c.json({ reached: c.req.path }));
  const put = (path: string, bytes: number) =>
    app.request(`http://localhost:3000${path}`, { method: 'PUT', headers: { 'content-length': String(bytes) } });

  it("lets a buyer's proof-of-funds file past the common 64 KB to its route, and no other path like it", async () => {
    const fileSize = 5 * 1024 * 1024;
    expect((await put('/api/buyers/0d9e5c1e-1111-4c5b-9a1e-2f3a4b5c6d7e/proof-of-funds', fileSize)).status).toBe(200);
    for (const path of [
      '/api/buyers/0d9e5c1e-1111-4c5b-9a1e-2f3a4b5c6d7e',
      '/api/buyers//proof-of-funds',
      '/api/buyers/a/b/proof-of-funds',
      '/api/buyers/a/proof-of-funds/more',
    ]) {
      const refused = await put(path, fileSize);
      expect(refused.status, path).toBe(413);
      expect(await refused.json()).toMatchObject({ error: 'The request is too large (at most 64 KB).' });
    }
    const tooLarge = await put('/api/buyers/a/proof-of-funds', 10 * 1024 * 1024 + 1);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ error: proofOfFundsMessages.tooLarge });
  });
});
