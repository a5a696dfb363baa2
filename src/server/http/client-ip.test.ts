import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp, normalizeIp } from './client-ip';

describe('normalizeIp', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:0:1:2:3:4:5', '2001:db8:0:1::/64'],
    ['2001:0db8:0000:0001::5', '2001:db8:0:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s -> %s', (address, expected) => {
    expect(normalizeIp(address)).toBe(expected);
  });
});

describe('clientIp', () => {
  const app = (trustProxy: boolean) => new Hono().get('/', (c) => c.text(clientIp(c, trustProxy)));
  const socket = { incoming: { socket: { remoteAddress: '198.51.100.2' } } };

  it('uses the socket address and ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const response = await app(false).request('/', { headers: { 'x-forwarded-for': '203.0.113.7' } }, socket);
    expect(await response.text()).toBe('198.51.100.2');
  });

  it('with TRUST_PROXY uses the last X-Forwarded-For entry, the one the proxy appended', async () => {
    const response = await app(true).request('/', { headers: { 'x-forwarded-for': '10.9.9.9, 203.0.113.7' } }, socket);
    expect(await response.text()).toBe('203.0.113.7');
  });

  it('falls back to the socket when the forwarded value is not an address', async () => {
    const response = await app(true).request('/', { headers: { 'x-forwarded-for': 'nonsense' } }, socket);
    expect(await response.text()).toBe('198.51.100.2');
  });

  it("says 'unknown' when there is no socket", async () => {
    expect(await (await app(false).request('/')).text()).toBe('unknown');
  });
});
