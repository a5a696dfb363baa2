import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { homeownerEmailKey } from '#domain/email/homeowner-email-key.ts';
import { createTestApp, TEST_AUTH_SECRET } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { emailUnsubscribes } from '../db/schema';
import { createUnsubscribeToken, readUnsubscribeToken, unsubscribeUrl } from '../email/unsubscribe-token';

describe('unsubscribe tokens', () => {
  it('carry the lower-cased address, signed with the server secret', () => {
    const token = createUnsubscribeToken('secret-a', ' Ann@Example.com ');
    expect(readUnsubscribeToken('secret-a', token)).toBe('ann@example.com');
    expect(readUnsubscribeToken('secret-b', token)).toBeNull();
  });

  it.each(['', 'abc', 'abc.def', 'a.b.c'])('refuses %j', (token) => {
    expect(readUnsubscribeToken('secret-a', token)).toBeNull();
  });

  it('refuses a token whose address was swapped', () => {
    const [, signature] = createUnsubscribeToken('secret-a', 'ann@example.com').split('.');
    const forged = `${Buffer.from('bob@example.com').toString('base64url')}.${signature}`;
    expect(readUnsubscribeToken('secret-a', forged)).toBeNull();
  });

  it('compare one form of the address: display name dropped, lower-cased, without a +tag', () => {
    for (const form of [
      'victim@example.org',
      ' Victim@Example.ORG ',
      'X<victim@example.org>',
      'victim+offers@example.org',
    ])
      expect(homeownerEmailKey(form)).toBe('victim@example.org');
    expect(homeownerEmailKey('not an address')).toBe('not an address');
  });

  it('links to the /unsubscribe page', () => {
    const url = new URL(unsubscribeUrl('https://app.example', 'secret-a', 'ann@example.com'));
    expect(url.origin + url.pathname).toBe('https://app.example/unsubscribe');
    expect(readUnsubscribeToken('secret-a', url.searchParams.get('token')!)).toBe('ann@example.com');
  });
});

describeEachDatabase('unsubscribe API', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database());
  });
  const post = (body: unknown) =>
    app.request('/api/unsubscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify(body),
    });

  it('tells whose link it is, then unsubscribes the address for good (twice is fine)', async () => {
    const token = createUnsubscribeToken(TEST_AUTH_SECRET, 'Owner@Example.com');
    const before = await app.request(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await before.json()).toEqual({ email: 'owner@example.com', unsubscribed: false });
    for (let time = 0; time < 2; time++) {
      const response = await post({ token });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ email: 'owner@example.com', unsubscribed: true });
    }
    expect(
      await database().db.select().from(emailUnsubscribes).where(eq(emailUnsubscribes.email, 'owner@example.com')),
    ).toHaveLength(1);
    const after = await app.request(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await after.json()).toEqual({ email: 'owner@example.com', unsubscribed: true });
  });

  it('refuses a forged or broken token', async () => {
    const forged = createUnsubscribeToken('another-secret-of-at-least-32-characters', 'victim@example.com');
    const response = await post({ token: forged });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/not valid/);
    expect((await app.request('/api/unsubscribe?token=x')).status).toBe(400);
    expect((await app.request('/api/unsubscribe')).status).toBe(400);
    expect(
      await database().db.select().from(emailUnsubscribes).where(eq(emailUnsubscribes.email, 'victim@example.com')),
    ).toEqual([]);
  });
});
