import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { startResendFake, type ResendFake } from '#tests/fakes/resend-fake.ts';
import { makeBulkSender, SENDER_POSTAL_ADDRESS } from '#tests/support/bulk-sender.ts';
import { createTestApp, TEST_AUTH_SECRET } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { EMAIL_VERIFICATION_SUBJECT } from '../auth/email-verification-email';
import { bulkSendJobs, emailOutbox, emailUnsubscribes, leads, offerLinks } from '../db/schema';
import { createResendTransport } from '../email/resend-transport';
import { startEmailWorker, type EmailWorker } from '../email/start-email-worker';
import { readUnsubscribeToken } from '../email/unsubscribe-token';
import type { BulkSendProgress } from './get-bulk-send-progress';
import { unsubscribedItemReason } from './queue-due-bulk-items';
import { startBulkSendWorker, type BulkSendWorker } from './start-bulk-send-worker';

// https, as RFC 8058 asks of a one-click unsubscribe URL.
const APP_URL = 'https://offers.example';
const FROM = 'Cash Offer Calculator <offers@example.com>';

const owner = (n: number, overrides: Record<string, unknown> = {}) => ({
  firstName: `Owner${n}`,
  lastName: 'Lee',
  email: `owner${n}@example.com`,
  address: `${n} Oak St, Austin, TX`,
  marketValue: 200000,
  ...overrides,
});

let fake: ResendFake;
beforeAll(async () => {
  fake = await startResendFake({ apiKey: 're_good' });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.emails.length = 0;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describeEachDatabase('bulk send worker', (database) => {
  let app: ReturnType<typeof createTestApp>;
  const running: { bulk?: BulkSendWorker; email?: EmailWorker } = {};

  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });
  afterEach(async () => {
    await running.bulk?.stop();
    await running.email?.stop();
    running.bulk = undefined;
    running.email = undefined;
  });

  function startWorkers({ intervalMs = 10, batchSize = 5 } = {}) {
    running.email = startEmailWorker({
      database: database(),
      transport: createResendTransport({ apiUrl: fake.url, apiKey: 're_good' }),
      pollIntervalMs: 200,
    });
    running.bulk = startBulkSendWorker({
      database: database(),
      appUrl: APP_URL,
      from: FROM,
      serverSecret: TEST_AUTH_SECRET,
      intervalMs,
      batchSize,
      idlePollMs: 200,
    });
    return running;
  }

  async function startJob(properties: unknown[]) {
    const { headers, user } = await signUpTestUser(app);
    await makeBulkSender(database().db, user.id);
    const response = await app.request('/api/bulk-send', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ template: defaultTemplate, properties }),
    });
    expect(response.status).toBe(201);
    const { jobId } = (await response.json()) as { jobId: string };
    const progress = async () =>
      (await (await app.request(`/api/bulk-send/${jobId}`, { headers })).json()) as BulkSendProgress;
    return { jobId, user, progress };
  }

  /** What the provider was given beside the verification link each sender's sign-up mailed (issue 42 §6). */
  const offersSent = () => fake.emails.filter((email) => email.subject !== EMAIL_VERIFICATION_SUBJECT);

  const waitFinished = (progress: () => Promise<BulkSendProgress>, timeout = 15_000) =>
    vi.waitFor(
      async () => {
        const current = await progress();
        expect(current.finished).toBe(true);
        return current;
      },
      { timeout, interval: 50 },
    );

  it('sends one e-mail per owner through the provider: sender, reply-to, subject, links, escaping', async () => {
    const { progress, user } = await startJob([
      owner(1),
      // Tags are refused at the door (issue 25); what plain words may hold is still escaped.
      owner(2, { firstName: 'Bo "B" & Jo', address: '2 "Elm" St & Co <3' }),
    ]);
    startWorkers();
    const done = await waitFinished(progress);
    expect(done).toMatchObject({ total: 2, sent: 2, failed: 0, skipped: 0, queued: 0, sending: 0, problems: [] });

    expect(offersSent()).toHaveLength(2);
    const [first, second] = offersSent().sort((a, b) => a.to[0]!.localeCompare(b.to[0]!));
    expect(first).toMatchObject({
      from: FROM,
      to: ['owner1@example.com'],
      reply_to: user.email,
      subject: 'Cash Offer for 1 Oak St, Austin, TX',
    });
    expect(first?.html).toContain('$120,000 - $135,000');
    const links = [...first!.html!.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
    expect(links).toHaveLength(4);
    // Accept and Negotiate open the owner's own answerable offer, owned by the sender (issue 12).
    const accept = new URL(links[0]!);
    expect(accept.pathname).toMatch(/^\/offer\/[A-Za-z0-9_-]{43}$/);
    expect(accept.searchParams.get('intent')).toBe('accept');
    expect(links[1]).toBe(`${accept.origin}${accept.pathname}?intent=negotiate`);
    // The offer's letter, served for the same token.
    expect(links[2]).toBe(`${accept.origin}/api/public/offers/${accept.pathname.split('/')[2]}/letter.pdf`);
    const [link] = await database()
      .db.select()
      .from(offerLinks)
      .where(eq(offerLinks.recipientEmail, 'owner1@example.com'));
    expect(link).toMatchObject({
      userId: user.id,
      source: 'bulk-email',
      address: '1 Oak St, Austin, TX',
      offerLow: 120000,
      offerHigh: 135000,
      templateName: 'Standard Wholesale',
      recipientName: 'Owner1 Lee',
    });
    const token = accept.pathname.split('/').at(-1)!;
    const answered = await app.request(`/api/public/offers/${token}/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
      body: JSON.stringify({
        kind: 'counter',
        desiredPrice: 150000,
        contact: { name: 'Owner1 Lee', email: 'owner1@example.com', phone: '512-555-0100' },
      }),
    });
    expect(answered.status).toBe(201);
    const [lead] = await database().db.select().from(leads).where(eq(leads.offerLinkId, link!.id));
    expect(lead).toMatchObject({
      workspaceId: user.id,
      source: 'bulk-email',
      responseKind: 'countered',
      desiredPrice: 150000,
    });
    expect(readUnsubscribeToken(TEST_AUTH_SECRET, new URL(links[3]!).searchParams.get('token')!)).toBe(
      'owner1@example.com',
    );

    // CAN-SPAM: the sender and their postal address; RFC 8058: one-click unsubscribe headers.
    expect(first?.text).toContain(`This offer was sent by Lee Homes, ${SENDER_POSTAL_ADDRESS}.`);
    expect(first?.html).toContain(`This offer was sent by Lee Homes, ${SENDER_POSTAL_ADDRESS}.`);
    expect(first?.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        /^<https:\/\/offers\.example\/api\/unsubscribe\/one-click\?token=[^>\s]+>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    expect(second?.subject).toBe('Cash Offer for 2 "Elm" St & Co <3');
    expect(second?.html).toContain('Dear Bo &quot;B&quot; &amp; Jo Lee,');
    expect(second?.html).toContain('2 &quot;Elm&quot; St &amp; Co &lt;3');
    expect(second?.html).not.toMatch(/<3|"Elm"/);
  });

  it('never e-mails an unsubscribed address, whoever sends', async () => {
    await database().db.insert(emailUnsubscribes).values({ email: 'gone@example.com' }).onConflictDoNothing();
    const { progress } = await startJob([owner(1), owner(3, { email: 'Gone@Example.com' })]);
    startWorkers();
    const done = await waitFinished(progress);
    expect(done).toMatchObject({ sent: 1, skipped: 1, failed: 0 });
    expect(done.problems).toEqual([
      {
        position: 1,
        email: 'gone@example.com',
        address: '3 Oak St, Austin, TX',
        status: 'skipped',
        reason: unsubscribedItemReason,
      },
    ]);
    expect(offersSent().map((email) => email.to[0])).toEqual(['owner1@example.com']);
  });

  it('never e-mails an unsubscribed owner through a display-name form, letter case or a +tag', async () => {
    await database().db.insert(emailUnsubscribes).values({ email: 'victim@example.org' }).onConflictDoNothing();
    const { progress } = await startJob([
      owner(1),
      owner(2, { email: 'X<victim@example.org>' }),
      owner(3, { email: 'Victim+offers@Example.ORG' }),
    ]);
    startWorkers();
    const done = await waitFinished(progress);
    expect(done).toMatchObject({ sent: 1, skipped: 2, failed: 0 });
    expect(done.problems.map((problem) => [problem.email, problem.reason])).toEqual([
      ['victim@example.org', unsubscribedItemReason],
      ['victim+offers@example.org', unsubscribedItemReason],
    ]);
    expect(offersSent().map((email) => email.to)).toEqual([['owner1@example.com']]);
  });

  it("unsubscribes in one click: the mailbox provider's POST to the List-Unsubscribe URL, no page", async () => {
    const { progress } = await startJob([owner(41)]);
    startWorkers();
    await waitFinished(progress);
    const header = offersSent().find((email) => email.to[0] === 'owner41@example.com')?.headers?.['List-Unsubscribe'];
    const url = new URL(header!.slice(1, -1));
    // RFC 8058 §3.1: a POST with this body, no cookies, no Origin (it comes from the provider's server).
    const response = await app.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(
      await database().db.select().from(emailUnsubscribes).where(eq(emailUnsubscribes.email, 'owner41@example.com')),
    ).toHaveLength(1);
    // A GET (a person or a mail scanner opening it) unsubscribes nobody: it leads to the page that asks.
    const opened = await app.request(`${url.pathname}${url.search}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toMatch(/^\/unsubscribe\?token=/);
    const forged = await app.request(`${url.pathname}?token=x.y`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(400);
  });

  it('collects the recipients the provider refused as failed', async () => {
    // The first owner's message, not the sender's verification link that may be sent before it.
    fake.failNext({ status: 422, name: 'validation_error', message: 'Invalid `to` field.', to: 'owner1@example.com' });
    const { progress } = await startJob([owner(1), owner(2)]);
    startWorkers({ intervalMs: 50 });
    const done = await waitFinished(progress);
    expect(done).toMatchObject({ total: 2, sent: 1, failed: 1 });
    expect(done.problems).toEqual([
      {
        position: 0,
        email: 'owner1@example.com',
        address: '1 Oak St, Austin, TX',
        status: 'failed',
        reason: 'Resend 422 validation_error: Invalid `to` field.',
      },
    ]);
  });

  it('paces e-mails one interval apart, in batches', async () => {
    const { progress, jobId } = await startJob(Array.from({ length: 7 }, (_, n) => owner(n + 1)));
    startWorkers({ intervalMs: 150, batchSize: 5 });
    await waitFinished(progress);
    const sentAt = (
      await database()
        .db.select({ sentAt: emailOutbox.sentAt })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, 'owner7@example.com'))
    )[0]?.sentAt;
    const firstAt = (
      await database()
        .db.select({ sentAt: emailOutbox.sentAt })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, 'owner1@example.com'))
    )[0]?.sentAt;
    expect(offersSent()).toHaveLength(7);
    // 7 e-mails 150 ms apart: the last goes out at least 6 intervals after the first.
    expect(sentAt!.getTime() - firstAt!.getTime()).toBeGreaterThanOrEqual(6 * 150 - 20);
    const [job] = await database().db.select().from(bulkSendJobs).where(eq(bulkSendJobs.id, jobId));
    expect(job?.status).toBe('done');
    expect(job?.finishedAt).toBeInstanceOf(Date);
  });

  it('survives a restart mid-send and finishes without sending anyone a second copy', async () => {
    const total = 23;
    const { progress } = await startJob(Array.from({ length: total }, (_, n) => owner(n + 1)));
    startWorkers({ intervalMs: 40 });
    await vi.waitFor(() => expect(offersSent().length).toBeGreaterThanOrEqual(6), { timeout: 10_000, interval: 20 });
    // The server stops (workers and all) mid-job...
    await running.bulk?.stop();
    await running.email?.stop();
    const before = (await progress()).sent;
    expect(before).toBeLessThan(total);
    // ...and a new one starts on the same database.
    startWorkers({ intervalMs: 40 });
    const done = await waitFinished(progress);
    expect(done).toMatchObject({ total, sent: total, failed: 0, skipped: 0 });
    const recipients = offersSent().map((email) => email.to[0]);
    expect(recipients).toHaveLength(total);
    expect(new Set(recipients).size).toBe(total);
  });

  it('two workers at once (two server processes) still send each owner exactly one e-mail', async () => {
    const total = 12;
    const { progress } = await startJob(Array.from({ length: total }, (_, n) => owner(n + 100)));
    startWorkers({ intervalMs: 5 });
    const second = startBulkSendWorker({
      database: database(),
      appUrl: APP_URL,
      from: FROM,
      serverSecret: TEST_AUTH_SECRET,
      intervalMs: 5,
      batchSize: 5,
      idlePollMs: 200,
    });
    try {
      await waitFinished(progress);
    } finally {
      await second.stop();
    }
    expect(offersSent()).toHaveLength(total);
    expect(new Set(offersSent().map((email) => email.to[0])).size).toBe(total);
  });
});
