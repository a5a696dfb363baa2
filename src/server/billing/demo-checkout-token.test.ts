import { describe, expect, it } from 'vitest';
import { createDemoCheckoutToken, readDemoCheckoutToken } from './demo-checkout-token';

const secret = 'a-secret-of-the-server-0123456789abcdef';
const now = Date.UTC(2030, 0, 1);

describe('demo checkout tokens', () => {
  it('round-trips user and plan, with a fresh id each time', () => {
    const first = createDemoCheckoutToken(secret, { userId: 'u1', workspaceId: 'w1', plan: 'pro' }, now);
    const second = createDemoCheckoutToken(secret, { userId: 'u1', workspaceId: 'w1', plan: 'pro' }, now);
    expect(readDemoCheckoutToken(secret, first.token, now)).toEqual(first.checkout);
    expect(first.checkout).toMatchObject({ userId: 'u1', plan: 'pro', expiresAt: now + 60 * 60 * 1000 });
    expect(second.checkout.id).not.toBe(first.checkout.id);
  });

  it('refuses a token after an hour', () => {
    const { token } = createDemoCheckoutToken(secret, { userId: 'u1', workspaceId: 'w1', plan: 'personal' }, now);
    expect(readDemoCheckoutToken(secret, token, now + 60 * 60 * 1000 + 1)).toBeNull();
  });

  it('refuses an altered payload (another plan), another secret and garbage', () => {
    const { token } = createDemoCheckoutToken(secret, { userId: 'u1', workspaceId: 'w1', plan: 'personal' }, now);
    const [payload, signature] = token.split('.');
    const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const altered = Buffer.from(JSON.stringify({ ...decoded, plan: 'pro' })).toString('base64url');
    expect(readDemoCheckoutToken(secret, `${altered}.${signature}`, now)).toBeNull();
    expect(readDemoCheckoutToken('another-secret-0123456789abcdefghij', token, now)).toBeNull();
    for (const garbage of ['', '.', 'abc', 'a.b.c', `${payload}.`])
      expect(readDemoCheckoutToken(secret, garbage, now)).toBeNull();
  });
});
