// Issue 16 finding 4: one user's bulk send must not hold up everyone else's, stop when its owner
// may no longer send, and stay within a daily limit per user.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { profileMessages } from '#domain/profile/wholesaler-profile-schema.ts';
import { makeBulkSender } from '#tests/support/bulk-sender.ts';
import { createTestApp, TEST_AUTH_SECRET } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { bulkSendItems, bulkSendJobs, emailOutbox, subscriptions, wholesalerProfiles } from '../db/schema';
import { getBulkSendProgress, type BulkSendProgress } from './get-bulk-send-progress';
import { queueDueBulkItems, stoppedItemReasons } from './queue-due-bulk-items';

const owner = (n: number) => ({
  firstName: `Owner${n}`,
  lastName: 'Lee',
  email: `owner${n}@example.com`,
  address: `${n} Oak St, Austin, TX`,
  marketValue: 200000,
});

describeEachDatabase('bulk send fairness and quotas', (database) => {
  let app: ReturnType<typeof createTestApp>;
  const DAILY_LIMIT = 12;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1', BULK_EMAIL_DAILY_LIMIT: String(DAILY_LIMIT) });
  });

  async function sender() {
    const signedIn = await signUpTestUser(app);
    await makeBulkSender(database().db, signedIn.user.id);
    return signedIn;
  }

  async function startJob(headers: Record<string, string>, count: number, first = 1) {
    const response = await app.request('/api/bulk-send', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        template: defaultTemplate,
        properties: Array.from({ length: count }, (_, n) => owner(first + n)),
      }),
    });
    expect(response.status).toBe(201);
    const { jobId } = (await response.json()) as { jobId: string };
    return jobId;
  }

  const progressOf = async (headers: Record<string, string>, jobId: string) =>
    (await (await app.request(`/api/bulk-send/${jobId}`, { headers })).json()) as BulkSendProgress;

  /** One batch of 5, as the worker takes it; returns the owners' user ids of the items queued, in order. */
  async function takeBatch(now?: () => Date) {
    const before = new Set((await database().db.select({ id: emailOutbox.id }).from(emailOutbox)).map((r) => r.id));
    await queueDueBulkItems({
      db: database().db,
      appUrl: 'https://offers.example',
      from: 'offers@example.com',
      serverSecret: TEST_AUTH_SECRET,
      // A millisecond apart, so the order they were queued in is the order of their due times.
      intervalMs: 1,
      batchSize: 5,
      dailyLimit: DAILY_LIMIT,
      now,
    });
    const rows = await database()
      .db.select({ id: emailOutbox.id, jobId: bulkSendItems.jobId, nextAttemptAt: emailOutbox.nextAttemptAt })
      .from(emailOutbox)
      .innerJoin(bulkSendItems, eq(bulkSendItems.id, emailOutbox.bulkSendItemId))
      .orderBy(asc(emailOutbox.nextAttemptAt));
    return rows.filter((row) => !before.has(row.id)).map((row) => row.jobId);
  }

  async function cancel(headers: Record<string, string>, jobId: string) {
    const response = await app.request(`/api/bulk-send/${jobId}/cancel`, { method: 'POST', headers });
    expect(response.status).toBe(200);
    return (await response.json()) as BulkSendProgress;
  }

  it("sends a 1-item job in the next batch, behind another user's 20,000-item job", async () => {
    const big = await sender();
    const small = await sender();
    const bigJob = await startJob(big.headers, 20_000);
    expect(await takeBatch()).toEqual(Array(5).fill(bigJob));

    const smallJob = await startJob(small.headers, 1, 900_000);
    const next = await takeBatch();
    expect(next).toContain(smallJob);
    // The big job's owner is served least recently after this: it gets the rest of the batch.
    expect(next.filter((jobId) => jobId === bigJob)).toHaveLength(4);
    expect(await progressOf(small.headers, smallJob)).toMatchObject({ queued: 0, sending: 1 });

    // Leave nothing pending for the next tests.
    // (Its 9 queued e-mails were not delivered yet: cancelling withdraws them too.)
    expect(await cancel(big.headers, bigJob)).toMatchObject({
      status: 'cancelled',
      queued: 0,
      sending: 0,
      skipped: 20_000,
      finished: true,
    });
  }, 60_000);

  it('takes every owner’s first item before anyone’s second, the least recently served first', async () => {
    const [a, b, c] = [await sender(), await sender(), await sender()];
    const jobA = await startJob(a.headers, 4, 100);
    expect(await takeBatch()).toEqual([jobA, jobA, jobA, jobA]);
    const jobB = await startJob(b.headers, 3, 200);
    const jobC = await startJob(c.headers, 3, 300);
    const jobA2 = await startJob(a.headers, 3, 400);
    // B and C were never served, A was: B, C, A, then their second items.
    const batch = await takeBatch();
    expect(batch.slice(0, 3).sort()).toEqual([jobA2, jobB, jobC].sort());
    expect(batch.slice(0, 2).sort()).toEqual([jobB, jobC].sort());
    expect(batch).toHaveLength(5);
    for (const [headers, jobId] of [
      [a.headers, jobA2],
      [b.headers, jobB],
      [c.headers, jobC],
    ] as const)
      await cancel(headers, jobId);
  });

  it("stops a downgraded owner's pending items when they are picked: skipped with the reason, job finished", async () => {
    const { headers, user } = await sender();
    const jobId = await startJob(headers, 8, 500);
    expect(await takeBatch()).toHaveLength(5);
    await database().db.update(subscriptions).set({ plan: 'free' }).where(eq(subscriptions.workspaceId, user.id));
    expect(await takeBatch()).toEqual([]);

    const items = await database().db.select().from(bulkSendItems).where(eq(bulkSendItems.jobId, jobId));
    expect(items.filter((item) => item.status === 'queued')).toHaveLength(5);
    const stopped = items.filter((item) => item.status === 'skipped');
    expect(stopped).toHaveLength(3);
    for (const item of stopped) expect(item.error).toBe(stoppedItemReasons.plan);
    const [job] = await database().db.select().from(bulkSendJobs).where(eq(bulkSendJobs.id, jobId));
    expect(job?.status).toBe('done');
    expect(await progressOf(headers, jobId)).toMatchObject({ queued: 0, skipped: 3, status: 'done' });
  });

  it('stops the items of an owner whose profile lost its postal address', async () => {
    const { headers, user } = await sender();
    const jobId = await startJob(headers, 2, 600);
    await database()
      .db.update(wholesalerProfiles)
      .set({ postalAddress: ' ' })
      .where(eq(wholesalerProfiles.userId, user.id));
    expect(await takeBatch()).toEqual([]);
    const progress = await progressOf(headers, jobId);
    expect(progress).toMatchObject({ skipped: 2, queued: 0, finished: true });
    expect(progress.problems.map((problem) => problem.reason)).toEqual([
      stoppedItemReasons.postalAddress,
      stoppedItemReasons.postalAddress,
    ]);
    // ...and refuses its next send until one is given.
    const refused = await app.request('/api/bulk-send', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ template: defaultTemplate, properties: [owner(1)] }),
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: profileMessages.postalAddressRequired,
      code: 'postal-address-required',
    });
  });

  it('holds items past the daily limit until the next UTC day, and the progress says so', async () => {
    const { headers, user } = await sender();
    const today = new Date();
    const jobId = await startJob(headers, DAILY_LIMIT + 3, 700);
    expect(await takeBatch(() => today)).toHaveLength(5);
    expect(await takeBatch(() => today)).toHaveLength(5);
    expect(await takeBatch(() => today)).toHaveLength(DAILY_LIMIT - 10);
    expect(await takeBatch(() => today)).toEqual([]);
    // Read at the batches' own time: on the real clock, a run across midnight UTC would read the new day's empty count.
    const progress = await getBulkSendProgress(database().db, user.id, jobId, { dailyLimit: DAILY_LIMIT, now: today });
    const midnight = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1));
    expect(progress).toMatchObject({
      status: 'running',
      queued: 3,
      finished: false,
      dailyLimit: { limit: DAILY_LIMIT, resumesAt: midnight.toISOString() },
    });

    const tomorrow = new Date(midnight.getTime() + 60_000);
    expect(await takeBatch(() => tomorrow)).toEqual([jobId, jobId, jobId]);
    const pending = await database()
      .db.select()
      .from(bulkSendItems)
      .where(and(eq(bulkSendItems.jobId, jobId), inArray(bulkSendItems.status, ['pending'])));
    expect(pending).toEqual([]);
    expect((await progressOf(headers, jobId)).dailyLimit).toBeNull();
  });
});
