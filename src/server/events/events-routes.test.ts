import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createTestContext } from '../../../tests/support/test-app';
import { describeEachDatabase } from '../../../tests/support/test-database';
import { signUpTestUser } from '../../../tests/support/test-users';
import { createApp } from '../app';
import { savedProperties, subscriptions } from '../db/schema';

/** Reads server-sent events until one named `event` arrives (or 3 s pass). */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, event: string) {
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + 3000;
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

    await database().db.update(subscriptions).set({ plan: 'pro' }).where(eq(subscriptions.userId, other.user.id));
    await database().db.insert(savedProperties).values({
      userId: viewer.user.id,
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

  it('refuses an anonymous stream', async () => {
    const app = createApp(createTestContext(database()));
    const response = await app.request('/api/events');
    expect(response.status).toBe(401);
  });
});
