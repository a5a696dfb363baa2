import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { createApp } from '../app';
import { savedProperties, subscriptions } from '../db/schema';
import { eventsMessages, MAX_STREAMS_PER_USER, reconnectHint } from './events-routes';

/** Reads server-sent events until one named `event` arrives (10 s only end a wait for one that never comes). */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, event: string) {
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    const match = text.split('\n\n').find((block) => block.includes(`event: ${event}`));
    if (match) return match;
  }
  throw new Error(`no '${event}' event; received:\n${text}`);
}

describeEachDatabase('GET /api/events', (database) => {
  it("streams the signed-in user's changes, and only theirs", async () => {
    const context = createTestContext(database(), { TRUST_PROXY: '1' });
    const app = createApp(context);
    const viewer = await signUpTestUser(app);
    const other = await signUpTestUser(app);

    const abort = new AbortController();
    const response = await app.request('/api/events', { headers: viewer.headers, signal: abort.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    await readUntil(reader, 'ready');

    await database().db.update(subscriptions).set({ plan: 'pro' }).where(eq(subscriptions.workspaceId, other.user.id));
    await database().db.insert(savedProperties).values({
      workspaceId: viewer.user.id,
      address: '1 Elm St',
      marketValue: 1,
      repairCosts: [],
      totalRepairCost: 0,
      cashOfferLow: 0,
      cashOfferHigh: 0,
      contactName: 'A',
    });
    // The other user's change came first; the viewer's stream shows only its own.
    const change = await readUntil(reader, 'change');
    expect(change).toContain('"table":"saved_properties"');

    abort.abort();
    await reader.cancel().catch(() => {});
    await context.changeFeed.close();
  });

  it('closes every open stream with a reconnect hint when the process shuts down, and a stream opened then at once', async () => {
    const shutdown = new AbortController();
    const context = { ...createTestContext(database(), { TRUST_PROXY: '1' }), shuttingDown: shutdown.signal };
    const app = createApp(context);
    const viewer = await signUpTestUser(app);
    const readToEnd = async (reader: ReadableStreamDefaultReader<Uint8Array>) => {
      const decoder = new TextDecoder();
      let text = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += decoder.decode(value, { stream: true });
      }
    };

    const open = await Promise.all([1, 2].map(() => app.request('/api/events', { headers: viewer.headers })));
    const readers = open.map((response) => response.body!.getReader());
    for (const reader of readers) await readUntil(reader, 'ready');
    shutdown.abort();
    // Each ends (the read loop returns) with a retry field alone, no event the browser would act on.
    for (const text of await Promise.all(readers.map(readToEnd))) {
      expect(text).toMatch(/^retry: \d+\n\n$/m);
      expect(text).not.toContain('event: signed-out');
    }

    const late = await app.request('/api/events', { headers: viewer.headers });
    expect(late.status).toBe(200);
    const lateText = await readToEnd(late.body!.getReader());
    expect(lateText).not.toContain('event: ready');
    expect(lateText).toMatch(/^retry: \d+\n\n$/m);
    await context.changeFeed.close();
  });

  it('refuses an anonymous stream', async () => {
    const app = createApp(createTestContext(database()));
    const response = await app.request('/api/events');
    expect(response.status).toBe(401);
  });
});

describeEachDatabase('GET /api/events limits (issue 16, finding 9)', (database) => {
  it('ends the stream as soon as its session signs out', async () => {
    const context = createTestContext(database(), { TRUST_PROXY: '1' });
    const app = createApp(context);
    const viewer = await signUpTestUser(app);
    const response = await app.request('/api/events', { headers: viewer.headers });
    const reader = response.body!.getReader();
    await readUntil(reader, 'ready');

    const signOut = await app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { ...viewer.headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(signOut.status).toBe(200);
    await readUntil(reader, 'signed-out');
    // ...and the stream is closed.
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      expect(decoder.decode(value)).not.toContain('event: change');
    }
    await context.changeFeed.close();
  });

  it(`allows ${MAX_STREAMS_PER_USER} streams per user at once, not more`, async () => {
    const context = createTestContext(database(), { TRUST_PROXY: '1' });
    const app = createApp(context);
    const viewer = await signUpTestUser(app);
    const abort = new AbortController();
    const readers = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const response = await app.request('/api/events', { headers: viewer.headers, signal: abort.signal });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      await readUntil(reader, 'ready');
      readers.push(reader);
    }
    const refused = await app.request('/api/events', { headers: viewer.headers });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: eventsMessages.tooManyStreams });
    // Another user is not affected.
    const other = await signUpTestUser(app);
    const otherResponse = await app.request('/api/events', { headers: other.headers, signal: abort.signal });
    expect(otherResponse.status).toBe(200);
    readers.push(otherResponse.body!.getReader());

    // A closed stream frees its place.
    await readers[0]!.cancel();
    await expect
      .poll(async () => {
        const again = await app.request('/api/events', { headers: viewer.headers, signal: abort.signal });
        if (again.status === 200) readers.push(again.body!.getReader());
        return again.status;
      })
      .toBe(200);
    abort.abort();
    for (const reader of readers) await reader.cancel().catch(() => {});
    await context.changeFeed.close();
  });
});

describe('reconnectHint', () => {
  it('is an SSE retry field alone, 0.5 to 2.5 s', () => {
    expect(reconnectHint(() => 0)).toBe('retry: 500\n\n');
    expect(reconnectHint(() => 0.999_999)).toBe('retry: 2499\n\n');
  });
});
