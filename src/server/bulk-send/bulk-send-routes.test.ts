import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { bulkImportMessages } from '#domain/bulk-import/bulk-import-messages.ts';
import { bulkEmailMessage } from '#domain/bulk-import/bulk-import-property.ts';
import { builtInTemplates, defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { profileMessages } from '#domain/profile/wholesaler-profile-schema.ts';
import { makeBulkSender } from '#tests/support/bulk-sender.ts';
import { createTestApp, TEST_AUTH_SECRET } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { bulkSendItems, bulkSendJobs, emailOutbox, subscriptions } from '../db/schema';
import { cancelledItemReason } from './cancel-bulk-send-job';
import { duplicateItemReason } from './create-bulk-send-job';
import { queueDueBulkItems } from './queue-due-bulk-items';

const owner = (n: number, overrides: Record<string, unknown> = {}) => ({
  firstName: `Owner${n}`,
  lastName: 'Lee',
  email: `owner${n}@example.com`,
  address: `${n} Oak St, Austin, TX`,
  marketValue: 200000 + n * 1000,
  ...overrides,
});

const post = (headers: Record<string, string>, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describeEachDatabase('bulk send API', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  const setPlan = (userId: string, status: 'free' | 'personal' | 'pro') =>
    database().db.update(subscriptions).set({ plan: status }).where(eq(subscriptions.workspaceId, userId));

  /** A Pro user with a verified e-mail and a postal address: one who may send bulk offers. */
  async function proUser() {
    const signedIn = await signUpTestUser(app);
    await makeBulkSender(database().db, signedIn.user.id);
    return signedIn;
  }

  const startJob = async (headers: Record<string, string>, properties: unknown[]) => {
    const response = await app.request('/api/bulk-send', post(headers, { template: defaultTemplate, properties }));
    expect(response.status).toBe(201);
    return ((await response.json()) as { jobId: string }).jobId;
  };

  it('refuses anyone not signed in, and free and personal plans (403), whatever the body', async () => {
    expect((await app.request('/api/bulk-send', post({ origin: 'http://localhost:3000' }, {}))).status).toBe(401);
    const { headers, user } = await signUpTestUser(app);
    for (const plan of ['free', 'personal'] as const) {
      await setPlan(user.id, plan);
      for (const body of [{ template: defaultTemplate, properties: [owner(1)] }, {}]) {
        const response = await app.request('/api/bulk-send', post(headers, body));
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({ error: 'Bulk import is only available with the Pro plan' });
      }
    }
    expect(await database().db.select().from(bulkSendJobs).where(eq(bulkSendJobs.userId, user.id))).toEqual([]);
  });

  it('stores the job and one item per property durably, offers recomputed by the server', async () => {
    const { headers, user } = await proUser();
    const aggressive = builtInTemplates.find((template) => template.name === 'Aggressive Investor')!;
    const properties = [owner(1, { offerRange: { low: 1, high: 2 } }), owner(2)];
    const response = await app.request('/api/bulk-send', post(headers, { template: aggressive, properties }));
    expect(response.status).toBe(201);
    const { jobId, total } = (await response.json()) as { jobId: string; total: number };
    expect(total).toBe(2);

    const [job] = await database().db.select().from(bulkSendJobs).where(eq(bulkSendJobs.id, jobId));
    expect(job).toMatchObject({ userId: user.id, status: 'running', total: 2, finishedAt: null, lastQueuedAt: null });
    const items = await database()
      .db.select()
      .from(bulkSendItems)
      .where(eq(bulkSendItems.jobId, jobId))
      .orderBy(asc(bulkSendItems.position));
    expect(items.map((item) => [item.position, item.email, item.status])).toEqual([
      [0, 'owner1@example.com', 'pending'],
      [1, 'owner2@example.com', 'pending'],
    ]);
    // floor(201000 × 0.6 − 30000), floor(201000 × 0.6 − 10000): the browser's figures are ignored.
    expect(items[0]?.property).toEqual({
      ...owner(1),
      offerRange: { low: 90600, high: 110600 },
      templateName: 'Aggressive Investor',
      // Kept for the offer's receipt: the template's formula, not its description.
      formula: {
        name: 'Aggressive Investor',
        arvMultiplier: 0.6,
        repairMultiplier: 1,
        minProfit: 10000,
        maxProfit: 30000,
      },
    });

    const progress = await app.request(`/api/bulk-send/${jobId}`, { headers });
    expect(progress.status).toBe(200);
    expect(await progress.json()).toMatchObject({
      id: jobId,
      total: 2,
      queued: 2,
      sending: 0,
      sent: 0,
      failed: 0,
      skipped: 0,
      finished: false,
      problems: [],
    });
    // Leave nothing pending for the next tests' workers.
    await drainQueue();
  });

  it.each([
    { profile: 'with a postal address', postalAddress: undefined, postalAddressRequired: false },
    { profile: 'without a postal address', postalAddress: '', postalAddressRequired: true },
  ])(
    'refuses a Pro user whose e-mail is not verified, $profile (403 with the way to verify it and whether the address is missing too), storing nothing',
    async ({ postalAddress, postalAddressRequired }) => {
      const { headers, user } = await signUpTestUser(app);
      await makeBulkSender(database().db, user.id, { verified: false, postalAddress });
      const response = await app.request(
        '/api/bulk-send',
        post(headers, { template: defaultTemplate, properties: [owner(1)] }),
      );
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: bulkImportMessages.emailNotVerified,
        code: 'email-not-verified',
        email: user.email,
        postalAddressRequired,
      });
      expect(await database().db.select().from(bulkSendJobs).where(eq(bulkSendJobs.userId, user.id))).toEqual([]);
    },
  );

  it('refuses a Pro user without a postal address in the profile (CAN-SPAM), storing nothing', async () => {
    const { headers, user } = await signUpTestUser(app);
    await makeBulkSender(database().db, user.id, { postalAddress: '' });
    const response = await app.request(
      '/api/bulk-send',
      post(headers, { template: defaultTemplate, properties: [owner(1)] }),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: profileMessages.postalAddressRequired,
      code: 'postal-address-required',
    });
    expect(await database().db.select().from(bulkSendJobs).where(eq(bulkSendJobs.userId, user.id))).toEqual([]);
  });

  it('stores a 20,000-item job in statements of 1,000, invisible to the worker until all are in', async () => {
    const { headers, user } = await proUser();
    const db = database().db;
    const transaction = db.transaction.bind(db);
    let itemInserts = 0;
    let statusHalfway: string | undefined;
    let claimedHalfway = -1;
    let checking = false;
    // Each chunk of items is stored in a transaction of its own, with its prospects.
    const spy = vi.spyOn(db, 'transaction').mockImplementation((async (
      run: Parameters<typeof db.transaction>[0],
      config?: Parameters<typeof db.transaction>[1],
    ) => {
      // Before the tenth chunk, the job is stored but the worker does not see it.
      if (!checking && itemInserts === 9) {
        checking = true;
        const [job] = await db.select().from(bulkSendJobs).where(eq(bulkSendJobs.userId, user.id));
        statusHalfway = job?.status;
        claimedHalfway = (await queueBatch(5)).claimed;
      }
      return transaction(async (tx) => {
        const execute = tx.execute.bind(tx);
        tx.execute = ((query: Parameters<typeof tx.execute>[0]) => {
          if (JSON.stringify(query).includes('insert into bulk_send_items')) itemInserts++;
          return execute(query);
        }) as typeof tx.execute;
        return run(tx);
      }, config);
    }) as unknown as typeof db.transaction);
    let jobId: string;
    try {
      jobId = await startJob(
        headers,
        Array.from({ length: 20_000 }, (_, n) => owner(n + 1)),
      );
    } finally {
      spy.mockRestore();
    }
    expect(itemInserts).toBe(20);
    expect(statusHalfway).toBe('preparing');
    expect(claimedHalfway).toBe(0);
    const [job] = await db.select().from(bulkSendJobs).where(eq(bulkSendJobs.id, jobId));
    expect(job?.status).toBe('running');
    expect(await db.$count(bulkSendItems, eq(bulkSendItems.jobId, jobId))).toBe(20_000);
    const cancelled = await app.request(
      `/api/bulk-send/${(await db.select().from(bulkSendJobs).where(eq(bulkSendJobs.userId, user.id)))[0]!.id}/cancel`,
      { method: 'POST', headers },
    );
    expect(cancelled.status).toBe(200);
  }, 60_000);

  it("cancels for the owner only: another user's id is 404 with nothing changed", async () => {
    const { headers } = await proUser();
    const jobId = await startJob(headers, [owner(1), owner(2), owner(3)]);
    const stranger = await proUser();
    for (const path of [
      `/api/bulk-send/${jobId}/cancel`,
      '/api/bulk-send/00000000-0000-4000-8000-000000000000/cancel',
    ]) {
      const response = await app.request(path, { method: 'POST', headers: stranger.headers });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Send job not found' });
    }
    expect(
      (
        await app.request(`/api/bulk-send/${jobId}/cancel`, {
          method: 'POST',
          headers: { origin: 'http://localhost:3000' },
        })
      ).status,
    ).toBe(401);
    const [job] = await database().db.select().from(bulkSendJobs).where(eq(bulkSendJobs.id, jobId));
    expect(job?.status).toBe('running');
    expect(
      await database().db.$count(
        bulkSendItems,
        and(eq(bulkSendItems.jobId, jobId), eq(bulkSendItems.status, 'pending')),
      ),
    ).toBe(3);

    // The owner: one item already handed to the outbox (and delivered), the rest stop.
    await queueBatch(1);
    await database().db.update(emailOutbox).set({ status: 'sent' }).where(eq(emailOutbox.status, 'pending'));
    for (let time = 0; time < 2; time++) {
      const response = await app.request(`/api/bulk-send/${jobId}/cancel`, { method: 'POST', headers });
      expect(response.status).toBe(200);
      const progress = (await response.json()) as { problems: { reason: string }[] };
      expect(progress).toMatchObject({ status: 'cancelled', sent: 1, skipped: 2, queued: 0, finished: true });
      expect(progress.problems.map((problem) => problem.reason)).toEqual([cancelledItemReason, cancelledItemReason]);
    }
    expect((await queueBatch(5)).claimed).toBe(0);
  });

  it('stores a repeated row (same e-mail and address) as skipped, so nobody gets the offer twice', async () => {
    const { headers } = await proUser();
    const properties = [
      owner(1),
      owner(2),
      owner(1, { email: 'OWNER1@example.com ', address: '1  oak st, Austin, TX' }),
    ];
    const response = await app.request('/api/bulk-send', post(headers, { template: defaultTemplate, properties }));
    const { jobId } = (await response.json()) as { jobId: string };
    const progress = (await (await app.request(`/api/bulk-send/${jobId}`, { headers })).json()) as Record<
      string,
      unknown
    >;
    expect(progress).toMatchObject({ total: 3, queued: 2, skipped: 1 });
    expect(progress.problems).toEqual([
      {
        position: 2,
        email: 'owner1@example.com',
        address: '1  oak st, Austin, TX',
        status: 'skipped',
        reason: duplicateItemReason,
      },
    ]);
    await drainQueue();
  });

  it.each([
    [{ template: defaultTemplate, properties: [] }, 'Please select at least one property', 'properties'],
    [
      { template: defaultTemplate, properties: [owner(1, { email: 'nobody' })] },
      bulkEmailMessage,
      'properties.0.email',
    ],
    [
      { template: defaultTemplate, properties: [owner(1, { address: '' })] },
      'Address is required',
      'properties.0.address',
    ],
    [
      { template: defaultTemplate, properties: [owner(1, { marketValue: -5 })] },
      'Market value must be a positive number',
      'properties.0.marketValue',
    ],
    [
      { template: defaultTemplate, properties: [owner(1, { marketValue: 20000 })] },
      'Market value too low for a cash offer with this formula',
      'properties.0.marketValue',
    ],
    [
      { template: { ...defaultTemplate, arvMultiplier: 9 }, properties: [owner(1)] },
      'ARV multiplier must be at most 1.5',
      'template.arvMultiplier',
    ],
    [
      { template: defaultTemplate, properties: [owner(1, { email: 'X<a@x.com>, Y<b@y.com>' })] },
      bulkEmailMessage,
      'properties.0.email',
    ],
    [{ properties: [owner(1)] }, undefined, 'template'],
  ])('answers 400 to an invalid request (%#)', async (body, error, field) => {
    const { headers, user } = await proUser();
    const response = await app.request('/api/bulk-send', post(headers, body));
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: string; field?: string };
    if (error) expect(answer.error).toBe(error);
    expect(answer.field).toBe(field);
    expect(await database().db.select().from(bulkSendJobs).where(eq(bulkSendJobs.userId, user.id))).toEqual([]);
  });

  it('refuses more than 50,000 properties in one send', async () => {
    const { headers } = await proUser();
    const properties = Array.from({ length: 50_001 }, (_, n) => ({
      firstName: '',
      lastName: '',
      email: 'a@x.co',
      address: `${n} A St`,
      marketValue: 100000,
    }));
    const response = await app.request('/api/bulk-send', post(headers, { template: defaultTemplate, properties }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('Select at most 50,000 properties per send');
  });

  it('shows a job only to its owner', async () => {
    const { headers } = await proUser();
    const { jobId } = (await (
      await app.request('/api/bulk-send', post(headers, { template: defaultTemplate, properties: [owner(1)] }))
    ).json()) as { jobId: string };
    const other = await proUser();
    expect((await app.request(`/api/bulk-send/${jobId}`, { headers: other.headers })).status).toBe(404);
    expect((await app.request('/api/bulk-send/not-a-uuid', { headers })).status).toBe(400);
    await drainQueue();
  });

  const queueBatch = (batchSize: number) =>
    queueDueBulkItems({
      db: database().db,
      appUrl: 'http://localhost:3000',
      from: 'a@x.co',
      serverSecret: TEST_AUTH_SECRET,
      intervalMs: 0,
      batchSize,
    });

  /** Hands every pending item to the outbox and marks those e-mails failed, so later tests start from an empty queue. */
  async function drainQueue() {
    const db = database().db;
    while (
      (
        await queueDueBulkItems({
          db,
          appUrl: 'http://localhost:3000',
          from: 'a@x.co',
          serverSecret: TEST_AUTH_SECRET,
          intervalMs: 0,
          batchSize: 100,
        })
      ).claimed > 0
    ) {
      // next batch
    }
    await db.update(emailOutbox).set({ status: 'failed' }).where(eq(emailOutbox.status, 'pending'));
  }
});
