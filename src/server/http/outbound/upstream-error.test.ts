import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startWebhookFake, type WebhookFake } from '#tests/fakes/webhook-fake.ts';
import { Refusal } from '../refusal';
import {
  fetchUpstream,
  readUpstreamMessage,
  redact,
  refuseWhenUpstreamFails,
  upstreamFailure,
  UpstreamError,
} from './upstream-error';

describe('outbound calls', () => {
  let hook: WebhookFake;
  beforeAll(async () => {
    hook = await startWebhookFake();
  });
  afterAll(() => hook.close());
  beforeEach(() => hook.reset());

  it('gives up after the timeout and names the service', async () => {
    hook.hangRequests();
    const error = await fetchUpstream(
      'The CRM webhook',
      hook.url,
      { method: 'POST', body: '{}' },
      { timeoutMs: 200 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as Error).message).toBe('The CRM webhook did not answer within 0.2 s');
  });

  it('names the service when nothing listens, without the secret in the address', async () => {
    const error = await fetchUpstream(
      'GoHighLevel',
      'http://127.0.0.1:1/contacts/?key=pit-secret-value',
      {},
      { secrets: ['pit-secret-value'] },
    ).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/^GoHighLevel could not be reached \(/);
    expect((error as Error).message).not.toContain('pit-secret-value');
  });

  it.each([
    ['{"message":"Invalid JWT","statusCode":401}', 'Invalid JWT'],
    [
      '{"statusCode":422,"message":["locationId should not be empty","email must be an email"]}',
      'locationId should not be empty; email must be an email',
    ],
    ['{"error":{"message":"nested"}}', 'nested'],
    ['{"error":"flat"}', 'flat'],
    ['plain   text\nfailure', 'plain text failure'],
    ['', ''],
  ])('reads the message of %s', async (body, expected) => {
    expect(await readUpstreamMessage(new Response(body, { status: 500 }))).toBe(expected);
  });

  it('reads at most 4 KB of an error answer', async () => {
    const huge = new Response(`${'x'.repeat(10_000_000)}`, { status: 500 });
    expect(await readUpstreamMessage(huge)).toBe('x'.repeat(200));
  });

  it('refuses with the message a user may see, and logs the cause only the server should', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    warn.mockClear();
    const cause = new Error('10.0.0.7:5432 could not be reached (ECONNREFUSED)');
    const refusal = await refuseWhenUpstreamFails(
      'Export',
      (error) => `Failed: ${error.message}`,
      async () => {
        throw new UpstreamError('The webhook', 'The webhook could not be reached', undefined, cause);
      },
    ).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(Refusal);
    expect((refusal as Refusal).body()).toEqual({ error: 'Failed: The webhook could not be reached' });
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /^Export failed: The webhook could not be reached \(Error: 10\.0\.0\.7:5432 could not be reached \(ECONNREFUSED\)/,
    );
  });

  it('describes a failure with status and message, redacting secrets', async () => {
    const failure = await upstreamFailure(
      'GoHighLevel',
      new Response('{"message":"Bad token pit-secret-value"}', { status: 401 }),
      ['pit-secret-value'],
    );
    expect(failure.message).toBe('GoHighLevel answered 401: Bad token [redacted]');
    expect(failure.status).toBe(401);
    expect(redact('key abcd, x', ['abcd', undefined, 'x'])).toBe('key [redacted], x');
  });
});
