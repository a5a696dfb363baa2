import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startResendFake, type ResendFake } from '#tests/fakes/resend-fake.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { emailOutbox } from '../db/schema';
import { parseEnv } from '../env';
import { createEmailTransport } from './create-email-transport';
import { deliverDueEmails, emailRetryDelayMs, MAX_EMAIL_ATTEMPTS } from './deliver-due-emails';
import { enqueueEmail, sendEmail } from './enqueue-email';
import { createOutboxLogTransport, linksIn } from './outbox-log-transport';
import { createResendTransport } from './resend-transport';
import { startEmailWorker } from './start-email-worker';

const message = {
  to: 'owner@example.com',
  subject: 'Reset your password',
  html: '<p><a href="http://localhost:3000/reset-password?token=abc&amp;x=1">Reset</a></p>',
  text: 'Reset: http://localhost:3000/reset-password?token=abc&x=1',
  replyTo: 'help@example.com',
};

let fake: ResendFake;
beforeAll(async () => {
  fake = await startResendFake({ apiKey: 're_good' });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.emails.length = 0;
  fake.delayResponses(0);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describeEachDatabase('e-mail outbox', (database) => {
  const resend = () => createResendTransport({ apiUrl: fake.url, apiKey: 're_good' });

  async function rowOf(id: string) {
    const [row] = await database().db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!row) throw new Error(`no outbox row ${id}`);
    return row;
  }

  /** Delivers until nothing is due, so earlier tests' leftovers do not confuse the next. */
  async function drain(transport = resend(), now?: () => Date) {
    while ((await deliverDueEmails({ db: database().db, transport, now })).claimed > 0) {
      // again
    }
  }

  it('writes every message to the outbox before sending, from EMAIL_FROM', async () => {
    const env = parseEnv({ EMAIL_FROM: 'Offers <offers@example.com>' });
    const { id } = await sendEmail({ env, database: database() }, message);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 0,
      fromAddress: 'Offers <offers@example.com>',
      toAddress: message.to,
      replyTo: message.replyTo,
      subject: message.subject,
      text: message.text,
    });
    expect(fake.requests).toHaveLength(0);
    await drain();
  });

  it('sends through Resend with its request shape and records the provider id', async () => {
    const { id } = await enqueueEmail(database().db, { ...message, from: 'Offers <offers@example.com>' });
    const report = await deliverDueEmails({ db: database().db, transport: resend() });
    expect(report).toMatchObject({ sent: 1, retrying: 0, failed: 0 });

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/emails',
      authorization: 'Bearer re_good',
      idempotencyKey: id,
    });
    expect(request?.body).toEqual({
      from: 'Offers <offers@example.com>',
      to: [message.to],
      subject: message.subject,
      html: message.html,
      text: message.text,
      reply_to: message.replyTo,
    });
    const row = await rowOf(id);
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(1);
    expect(row.providerMessageId).toBe(fake.emails[0]?.id);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.lastError).toBeNull();
  });

  it('passes the message headers to Resend (its `headers` object), as stored in the outbox', async () => {
    const headers = {
      'List-Unsubscribe': '<https://app.example/api/unsubscribe/one-click?token=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    const { id } = await enqueueEmail(database().db, { ...message, from: 'a@example.com', headers });
    expect((await rowOf(id)).headers).toEqual(headers);
    await deliverDueEmails({ db: database().db, transport: resend() });
    expect((fake.requests[0]?.body as { headers?: unknown }).headers).toEqual(headers);
    expect(fake.emails[0]?.headers).toEqual(headers);
  });

  it('refuses a header that would start another one (a line break inside)', async () => {
    await expect(
      enqueueEmail(database().db, {
        ...message,
        from: 'a@example.com',
        headers: { 'X-Tag': 'a\r\nBcc: b@example.com' },
      }),
    ).rejects.toThrow('e-mail header X-Tag is not one line');
  });

  it('retries a 5xx with backoff, keeping the provider error, then sends', async () => {
    fake.failNext({ status: 500, name: 'internal_server_error', message: 'An unexpected error occurred.' });
    const { id } = await enqueueEmail(database().db, { ...message, from: 'a@example.com' });
    const start = new Date();
    expect(await deliverDueEmails({ db: database().db, transport: resend(), now: () => start })).toMatchObject({
      retrying: 1,
    });
    let row = await rowOf(id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Resend 500 internal_server_error: An unexpected error occurred.',
    });
    expect(row.nextAttemptAt.getTime()).toBe(start.getTime() + emailRetryDelayMs(1));

    // Not due yet: nothing is claimed.
    const early = new Date(start.getTime() + emailRetryDelayMs(1) - 1000);
    expect((await deliverDueEmails({ db: database().db, transport: resend(), now: () => early })).claimed).toBe(0);

    const later = new Date(start.getTime() + emailRetryDelayMs(1) + 1000);
    expect(await deliverDueEmails({ db: database().db, transport: resend(), now: () => later })).toMatchObject({
      sent: 1,
    });
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    // Both attempts carried the same Idempotency-Key, so Resend sends it at most once.
    expect(fake.requests.map((r) => r.idempotencyKey)).toEqual([id, id]);
  });

  it('retries a 429 rate limit', async () => {
    fake.failNext({ status: 429, name: 'rate_limit_exceeded', message: 'Too many requests.' });
    const { id } = await enqueueEmail(database().db, { ...message, from: 'a@example.com' });
    await deliverDueEmails({ db: database().db, transport: resend() });
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      lastError: 'Resend 429 rate_limit_exceeded: Too many requests.',
    });
    await drain(resend(), () => new Date(Date.now() + 60 * 60_000));
  });

  it('marks a 4xx failed at once with the provider error (it would fail the same way again)', async () => {
    fake.failNext({ status: 422, name: 'validation_error', message: 'Invalid `to` field.' });
    const { id } = await enqueueEmail(database().db, { ...message, from: 'a@example.com' });
    expect(await deliverDueEmails({ db: database().db, transport: resend() })).toMatchObject({ failed: 1 });
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'Resend 422 validation_error: Invalid `to` field.',
    });
  });

  it('records §8 "Failed to send email" when the provider’s error says nothing', async () => {
    fake.failNext({ status: 422, name: 'validation_error', message: '' });
    const { id } = await enqueueEmail(database().db, { ...message, from: 'a@example.com' });
    await deliverDueEmails({ db: database().db, transport: resend() });
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      lastError: 'Resend 422 validation_error: Failed to send email',
    });
  });

  it('marks a wrong API key failed', async () => {
    const { id } = await enqueueEmail(database().db, { ...message, from: 'a@example.com' });
    await deliverDueEmails({
      db: database().db,
      transport: createResendTransport({ apiUrl: fake.url, apiKey: 're_wrong' }),
    });
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      lastError: 'Resend 403 invalid_api_key: API key is invalid',
    });
  });

  it('gives up on a provider that does not answer in time, and retries later', async () => {
    fake.delayResponses(1000);
    const { id } = await enqueueEmail(database().db, { ...message, from: 'a@example.com' });
    const slow = createResendTransport({ apiUrl: fake.url, apiKey: 're_good', timeoutMs: 100 });
    // The lastError below proves the timeout ended the wait; bench/ times things, tests do not.
    await deliverDueEmails({ db: database().db, transport: slow });
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      lastError: 'Resend unreachable: no answer within 100 ms',
    });
    fake.delayResponses(0);
    await drain(resend(), () => new Date(Date.now() + 60 * 60_000));
  });

  it('tries again when the provider is still answering an earlier attempt with the same key (409 concurrent)', async () => {
    fake.failNext({ status: 409, name: 'concurrent_idempotent_requests', message: 'Same key in progress.' }, 1);
    const { id } = await enqueueEmail(database().db, { ...message, from: 'a@example.com' });
    await deliverDueEmails({ db: database().db, transport: resend() });
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1 });
    await drain(resend(), () => new Date(Date.now() + 60 * 60_000));
    expect(await rowOf(id)).toMatchObject({ status: 'sent' });
  });

  it('fails for good after the last attempt', async () => {
    // Only this test's message meets the failures: as its clock runs days ahead, an earlier test's
    // message falling due, or a late retry, would otherwise take one of them.
    const to = 'down@example.com';
    fake.failNext({ status: 503, name: 'service_unavailable', message: 'Down.', to }, MAX_EMAIL_ATTEMPTS);
    const { id } = await enqueueEmail(database().db, { ...message, to, from: 'a@example.com' });
    let clock = Date.now();
    for (let attempt = 1; attempt <= MAX_EMAIL_ATTEMPTS; attempt++) {
      await deliverDueEmails({ db: database().db, transport: resend(), now: () => new Date(clock) });
      clock += emailRetryDelayMs(attempt) + 1000;
    }
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      attempts: MAX_EMAIL_ATTEMPTS,
      lastError: 'Resend 503 service_unavailable: Down.',
    });
  });

  it('takes over a message whose worker died mid-send once its claim lapses', async () => {
    const { id } = await enqueueEmail(database().db, { ...message, from: 'a@example.com' });
    await database()
      .db.update(emailOutbox)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: new Date(Date.now() + 60_000) })
      .where(eq(emailOutbox.id, id));
    expect((await deliverDueEmails({ db: database().db, transport: resend() })).claimed).toBe(0);
    await deliverDueEmails({ db: database().db, transport: resend(), now: () => new Date(Date.now() + 61_000) });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('never hands one message to two concurrent deliveries', async () => {
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        enqueueEmail(database().db, { ...message, to: `owner${i}@example.com`, from: 'a@example.com' }),
      ),
    );
    await Promise.all([drain(), drain(), drain()]);
    expect(fake.emails).toHaveLength(12);
    expect(new Set(fake.requests.map((r) => r.idempotencyKey))).toEqual(new Set(ids.map((row) => row.id)));
    for (const { id } of ids) expect((await rowOf(id)).status).toBe('sent');
  });

  it('without a provider, prints the message and its links to the log and marks it sent', async () => {
    const lines: string[] = [];
    const { id } = await enqueueEmail(database().db, { ...message, from: 'a@example.com' });
    const transport = createOutboxLogTransport((line) => lines.push(line));
    await drain(transport);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', providerMessageId: null });
    const printed = lines.join('\n');
    expect(printed).toContain(`to ${message.to}: ${message.subject}`);
    expect(printed).toContain('link: http://localhost:3000/reset-password?token=abc&x=1');
    expect(fake.requests).toHaveLength(0);
  });

  it('the worker sends a new message at once (NOTIFY) and stops cleanly', async () => {
    const worker = startEmailWorker({ database: database(), transport: resend(), pollIntervalMs: 60_000 });
    try {
      const { id } = await enqueueEmail(database().db, { ...message, from: 'a@example.com' });
      await vi.waitFor(async () => expect((await rowOf(id)).status).toBe('sent'), { timeout: 5000, interval: 50 });
    } finally {
      await worker.stop();
    }
  });

  it('a stopping worker finishes the send in flight and gives the rest of its claim back at once, due as before (issue 40)', async () => {
    await drain();
    const queued = [];
    for (let i = 0; i < 4; i++) {
      queued.push(await enqueueEmail(database().db, { ...message, to: `stop${i}@example.com`, from: 'a@example.com' }));
    }
    const dueBefore = new Map<string, number>();
    for (const { id } of queued) dueBefore.set(id, (await rowOf(id)).nextAttemptAt.getTime());
    fake.delayResponses(500);
    const worker = startEmailWorker({ database: database(), transport: resend(), pollIntervalMs: 60_000 });
    // The worker claimed all four (one batch) and is sending the first.
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1), { timeout: 5000, interval: 10 });
    await worker.stop();

    expect(fake.emails.map((email) => email.to[0])).toEqual(['stop0@example.com']);
    expect(await rowOf(queued[0]!.id)).toMatchObject({ status: 'sent', attempts: 1 });
    for (const { id } of queued.slice(1)) {
      const row = await rowOf(id);
      // Not left 'sending' for EMAIL_CLAIM_MS: pending, its claim's attempt not counted, due when it was.
      expect(row).toMatchObject({ status: 'pending', attempts: 0 });
      expect(row.nextAttemptAt.getTime()).toBe(dueBefore.get(id));
    }
    // Another worker takes them now, each once.
    fake.delayResponses(0);
    await drain();
    expect(fake.emails.map((email) => email.to[0]).sort()).toEqual(queued.map((_, i) => `stop${i}@example.com`));
  });
});

describe('createEmailTransport', () => {
  it('uses Resend only when RESEND_API_KEY is set', () => {
    expect(createEmailTransport(parseEnv({})).name).toBe('outbox-log');
    expect(createEmailTransport(parseEnv({ RESEND_API_KEY: 're_x' })).name).toBe('resend');
  });
});

describe('emailRetryDelayMs', () => {
  it('doubles from 30 s up to an hour', () => {
    expect([1, 2, 3, 4, 8, 20].map(emailRetryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe('linksIn', () => {
  it('finds links in the text and the html, once each, unescaping &amp;', () => {
    expect(linksIn(message)).toEqual(['http://localhost:3000/reset-password?token=abc&x=1']);
    expect(
      linksIn({ text: 'see https://a.example/x.', html: '<a href="https://b.example/?a=1&amp;b=2">b</a>' }),
    ).toEqual(['https://a.example/x.', 'https://b.example/?a=1&b=2']);
  });
});
