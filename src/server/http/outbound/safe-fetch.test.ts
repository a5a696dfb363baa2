import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookFake, type WebhookFake } from '#tests/fakes/webhook-fake.ts';
import { assertPublicUrl, STRICT_OUTBOUND_POLICY, userUrlPolicy, type OutboundPolicy } from './outbound-address';
import { MAX_ANSWER_BYTES, OutboundRequestError, safeFetch } from './safe-fetch';

const post = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"row":1}' } as const;
const testAllowance = userUrlPolicy({ ALLOW_PRIVATE_WEBHOOK_URLS: true });
// Plain http and any port, so the local fakes can stand in for a public host, but no private address at all.
const publicOnly: OutboundPolicy = { httpsOn443Only: false, allowLoopback: false };

/** A resolver that answers from a table and counts its calls. */
function resolverOf(...answers: string[][]) {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const answer = answers[Math.min(calls.length, answers.length) - 1] ?? [];
    return answer.map((address) => ({ address }));
  };
  return { resolve, calls };
}

async function failure(promise: Promise<unknown>): Promise<OutboundRequestError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundRequestError);
  return error as OutboundRequestError;
}

describe('safeFetch', () => {
  let hook: WebhookFake;
  let target: WebhookFake;
  beforeAll(async () => {
    [hook, target] = await Promise.all([startWebhookFake(), startWebhookFake()]);
  });
  afterAll(() => Promise.all([hook.close(), target.close()]));
  beforeEach(() => {
    hook.reset();
    target.reset();
  });
  const port = () => new URL(hook.url).port;

  it('posts and reads the answer', async () => {
    const answer = await safeFetch(hook.url, post, { policy: testAllowance });
    expect(answer).toEqual({ status: 200, ok: true, text: '{"ok":true}', redirects: 0 });
    expect(hook.requests).toMatchObject([{ method: 'POST', path: '/hook', body: { row: 1 } }]);
  });

  it('follows Apps Script’s 302 with a GET without the body, as browsers and curl do', async () => {
    hook.redirectLikeAppsScript();
    const answer = await safeFetch(hook.url, post, { policy: testAllowance });
    expect(answer).toEqual({ status: 200, ok: true, text: '{"ok":true}', redirects: 1 });
    expect(hook.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /hook',
      'GET /macros/echo?user_content_key=fake-key&lib=fake',
    ]);
    expect(hook.requests[1]?.body).toBe('');
    expect(hook.requests[1]?.headers['content-type']).toBeUndefined();
  });

  it('repeats the POST with its body after a 307', async () => {
    hook.redirectTo(target.url, 307);
    expect((await safeFetch(hook.url, post, { policy: testAllowance })).ok).toBe(true);
    expect(target.requests).toMatchObject([{ method: 'POST', path: '/hook', body: { row: 1 } }]);
  });

  it('follows at most 3 redirects', async () => {
    hook.redirectTo(hook.url);
    const error = await failure(safeFetch(hook.url, post, { policy: null }));
    expect(error.reason).toBe('redirects');
    expect(hook.requests).toHaveLength(4);
  });

  it('reads at most 4 KB of an answer', async () => {
    hook.failWith(500, 'x'.repeat(1_000_000));
    const answer = await safeFetch(hook.url, post, { policy: null });
    expect(answer.status).toBe(500);
    expect(answer.ok).toBe(false);
    expect(answer.text).toHaveLength(MAX_ANSWER_BYTES);
  });

  it('gives up after the timeout', async () => {
    hook.hangRequests();
    const error = await failure(safeFetch(hook.url, post, { policy: testAllowance, timeoutMs: 200 }));
    expect(error.reason).toBe('timeout');
    expect(error.what).toBe('did not answer within 0.2 s');
  });

  it('says a closed port could not be reached, naming host and code but not the path or query', async () => {
    const closed = await startWebhookFake();
    await closed.close();
    const error = await failure(safeFetch(`${closed.url}?key=s3cret`, post, { policy: testAllowance }));
    expect(error.reason).toBe('unreachable');
    expect(error.message).toBe(`${new URL(closed.url).host} could not be reached (ECONNREFUSED)`);
  });

  describe('at connect time', () => {
    it('refuses a public-looking name that resolves to a private address, sending nothing', async () => {
      const { resolve, calls } = resolverOf(['127.0.0.1']);
      const error = await failure(
        safeFetch(`http://hooks.example.test:${port()}/hook`, post, { policy: publicOnly, resolve }),
      );
      expect(error.reason).toBe('refused');
      expect(error.message).toContain('hooks.example.test resolves to 127.0.0.1, which is not a public address');
      expect(calls).toEqual(['hooks.example.test']);
      expect(hook.requests).toHaveLength(0);
    });

    it.each([['64:ff9b::7f00:1'], ['::ffff:127.0.0.1'], ['2002:7f00:1::'], ['93.184.216.34', '10.0.0.1']])(
      'refuses a name resolving to %s',
      async (...addresses) => {
        const { resolve } = resolverOf(addresses);
        const error = await failure(
          safeFetch(`http://hooks.example.test:${port()}/hook`, post, { policy: publicOnly, resolve }),
        );
        expect(error.reason).toBe('refused');
        expect(hook.requests).toHaveLength(0);
      },
    );

    it('connects to the very address it checked (a name no real DNS knows reaches the fake)', async () => {
      const { resolve } = resolverOf(['127.0.0.1']);
      const answer = await safeFetch(`http://hooks.example.test:${port()}/hook`, post, {
        policy: testAllowance,
        resolve,
      });
      expect(answer.ok).toBe(true);
      expect(hook.requests).toHaveLength(1);
    });

    it('refuses a rebinding name: public when saved, private when connected', async () => {
      const { resolve, calls } = resolverOf(['93.184.216.34'], ['127.0.0.1']);
      const url = `http://rebind.example.test:${port()}/hook`;
      await expect(assertPublicUrl(url, 'webhookUrl', publicOnly, resolve)).resolves.toBeUndefined();
      const error = await failure(safeFetch(url, post, { policy: publicOnly, resolve }));
      expect(error.reason).toBe('refused');
      expect(calls).toHaveLength(2);
      expect(hook.requests).toHaveLength(0);
    });
  });

  describe('redirects are checked hop by hop', () => {
    it('refuses a redirect to a private address and sends it nothing', async () => {
      // The target listens on 127.0.0.1, which its IPv4-mapped form reaches, as a plain fetch shows.
      const mapped = `http://[::ffff:127.0.0.1]:${new URL(target.url).port}/steal`;
      expect((await fetch(mapped, { method: 'POST', body: 'probe' })).status).toBe(200);
      target.reset();

      hook.redirectTo(mapped, 307);
      const error = await failure(safeFetch(hook.url, post, { policy: testAllowance }));
      expect(error.reason).toBe('refused');
      expect(error.message).toBe(`[::ffff:7f00:1]:${new URL(target.url).port} is not a public address`);
      expect(hook.requests).toHaveLength(1);
      expect(target.requests).toHaveLength(0);
    });

    it('refuses a redirect to a name that resolves to cloud metadata', async () => {
      const { resolve } = resolverOf(['169.254.169.254']);
      hook.redirectTo('http://metadata.example.test/latest/meta-data/');
      const error = await failure(safeFetch(hook.url, post, { policy: testAllowance, resolve }));
      expect(error.reason).toBe('refused');
      expect(error.message).toContain('resolves to 169.254.169.254');
    });

    it('refuses a redirect off https or port 443 under the strict policy, before resolving', async () => {
      const { resolve, calls } = resolverOf(['93.184.216.34']);
      for (const url of ['http://hooks.example.com/x', 'https://hooks.example.com:8443/x']) {
        const error = await failure(safeFetch(url, post, { policy: STRICT_OUTBOUND_POLICY, resolve }));
        expect(error.reason, url).toBe('refused');
      }
      expect(calls).toHaveLength(0);
    });
  });
});
