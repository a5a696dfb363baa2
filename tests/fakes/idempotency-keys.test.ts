// The e-mail and payment fakes treat a reused Idempotency-Key as their providers do: the same
// request is replayed, another request under the same key is refused. A fake that replayed any
// body would let a client that reuses a key for a different message (or charge) pass its tests
// while the real provider refuses it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResendFake, type ResendFake } from './resend-fake';
import { startStripeFake, type StripeFake } from './stripe-fake';

describe('the Resend fake and a reused Idempotency-Key', () => {
  let resend: ResendFake;
  beforeAll(async () => {
    resend = await startResendFake({ apiKey: 're_idempotency' });
  });
  afterAll(() => resend.close());

  const sendEmail = (key: string, subject: string) =>
    fetch(`${resend.url}/emails`, {
      method: 'POST',
      headers: { Authorization: 'Bearer re_idempotency', 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ from: 'a@example.com', to: ['b@example.com'], subject, text: 'Hello' }),
    });

  it('replays the same request with the first id and sends nothing more', async () => {
    const first = await sendEmail('welcome/1', 'Hello');
    const again = await sendEmail('welcome/1', 'Hello');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(await first.json());
    expect(resend.emails.filter((email) => email.subject === 'Hello')).toHaveLength(1);
  });

  it('answers 409 invalid_idempotent_request to the same key with another body', async () => {
    expect((await sendEmail('welcome/2', 'First')).status).toBe(200);
    const other = await sendEmail('welcome/2', 'Second');
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ statusCode: 409, name: 'invalid_idempotent_request' });
    expect(resend.emails.map((email) => email.subject)).not.toContain('Second');
  });

  it('answers 409 concurrent_idempotent_requests while the key’s first request is unanswered', async () => {
    resend.delayResponses(300);
    try {
      const slow = sendEmail('welcome/3', 'Slow');
      // The second request is sent once the first has arrived (recorded), not after a guessed pause.
      await expect.poll(() => resend.requests.some((request) => request.idempotencyKey === 'welcome/3')).toBe(true);
      const concurrent = await sendEmail('welcome/3', 'Slow');
      expect(concurrent.status).toBe(409);
      expect(await concurrent.json()).toMatchObject({ statusCode: 409, name: 'concurrent_idempotent_requests' });
      expect((await slow).status).toBe(200);
    } finally {
      resend.delayResponses(0);
    }
    expect(resend.emails.filter((email) => email.subject === 'Slow')).toHaveLength(1);
  });
});

describe('the Stripe fake and a reused Idempotency-Key', () => {
  let stripe: StripeFake;
  beforeAll(async () => {
    stripe = await startStripeFake();
  });
  afterAll(() => stripe.close());

  const post = (path: string, key: string, form: Record<string, string>) =>
    fetch(`${stripe.url}${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${stripe.secretKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        'Idempotency-Key': key,
      },
      body: new URLSearchParams(form).toString(),
    });

  it('replays the same request, marked as replayed', async () => {
    const first = await post('/v1/customers', 'key-1', { email: 'a@example.com' });
    const again = await post('/v1/customers', 'key-1', { email: 'a@example.com' });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
  });

  it('refuses the same key with other parameters, or on another endpoint, with idempotency_error', async () => {
    expect((await post('/v1/customers', 'key-2', { email: 'a@example.com' })).status).toBe(200);
    for (const reused of [
      post('/v1/customers', 'key-2', { email: 'someone-else@example.com' }),
      post('/v1/billing_portal/sessions', 'key-2', { customer: 'cus_x' }),
    ]) {
      const refused = await reused;
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { type: 'idempotency_error' } });
    }
  });
});
