import type { LookupAddress } from 'node:dns';
import type { LookupOptions } from 'node:dns';
import { fetch } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookFake, type WebhookFake } from '#tests/fakes/webhook-fake.ts';
import { checkedAgent } from './checked-agent';
import { AddressRefusedError, checkedLookup } from './checked-lookup';
import { STRICT_OUTBOUND_POLICY, userUrlPolicy, type OutboundPolicy } from './outbound-address';

const strict = STRICT_OUTBOUND_POLICY;
const publicOnly: OutboundPolicy = { httpsOn443Only: false, allowLoopback: false };
const answering =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address }));

/** Calls a lookup as net.connect does and collects what it hands back. */
function look(lookup: ReturnType<typeof checkedLookup>, hostname: string, options: LookupOptions) {
  return new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }>((resolve) =>
    lookup(hostname, options, (error, address, family) => resolve({ error, address, family })),
  );
}

describe('checkedLookup (the lookup undici connects with)', () => {
  it('hands the checked public addresses to the socket, in both of net.connect’s forms', async () => {
    const lookup = checkedLookup(strict, answering('93.184.216.34', '2606:4700:4700::1111'));
    expect(await look(lookup, 'hooks.example.com', { all: true })).toEqual({
      error: null,
      address: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:4700:4700::1111', family: 6 },
      ],
      family: undefined,
    });
    expect(await look(lookup, 'hooks.example.com', {})).toEqual({ error: null, address: '93.184.216.34', family: 4 });
    expect(await look(lookup, 'hooks.example.com', { family: 6 })).toEqual({
      error: null,
      address: '2606:4700:4700::1111',
      family: 6,
    });
  });

  it.each([
    ['127.0.0.1'],
    ['169.254.169.254'],
    ['64:ff9b::a9fe:a9fe'],
    ['2002:7f00:1::'],
    ['fec0::1'],
    ['93.184.216.34', '10.0.0.1'],
  ])('refuses a public-looking name that resolves to %s', async (...addresses) => {
    const { error } = await look(checkedLookup(strict, answering(...addresses)), 'hooks.example.com', { all: true });
    expect(error).toBeInstanceOf(AddressRefusedError);
    expect(error?.message).toMatch(/^hooks\.example\.com resolves to .+, which is not a public address$/);
  });

  it('passes the resolver’s failure on, and says when nothing usable came back', async () => {
    const lost = Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    const failing = checkedLookup(strict, async () => {
      throw lost;
    });
    expect((await look(failing, 'nowhere.invalid', { all: true })).error).toBe(lost);
    const empty = await look(checkedLookup(strict, answering()), 'empty.example', { all: true });
    expect(empty.error).toMatchObject({ code: 'ENOTFOUND' });
  });

  it('lets loopback through under the test allowance only', async () => {
    const allowance = userUrlPolicy({ ALLOW_PRIVATE_WEBHOOK_URLS: true });
    expect((await look(checkedLookup(allowance, answering('127.0.0.1')), 'localhost', {})).error).toBeNull();
    expect((await look(checkedLookup(strict, answering('127.0.0.1')), 'localhost', {})).error).toBeInstanceOf(
      AddressRefusedError,
    );
  });
});

describe('checkedAgent (every connection checked as it is made)', () => {
  let hook: WebhookFake;
  beforeAll(async () => {
    hook = await startWebhookFake();
  });
  afterAll(() => hook.close());
  beforeEach(() => hook.reset());

  it('refuses a private address written as the host, and a name resolving to one, sending nothing', async () => {
    const port = new URL(hook.url).port;
    const agent = checkedAgent(publicOnly, answering('127.0.0.1'));
    for (const url of [hook.url, `http://[::ffff:127.0.0.1]:${port}/hook`, `http://hooks.example.test:${port}/hook`]) {
      const error = await fetch(url, { method: 'POST', body: '{}', dispatcher: agent }).catch((e: unknown) => e);
      expect((error as Error).cause, url).toBeInstanceOf(AddressRefusedError);
    }
    await agent.destroy();
    expect(hook.requests).toHaveLength(0);
  });
});
