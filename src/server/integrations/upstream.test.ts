import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookFake, type WebhookFake } from '../../../tests/fakes/webhook-fake';
import { fetchUpstream, readUpstreamMessage, redact, upstreamFailure, UpstreamError } from './upstream';

describe('outbound calls', () => {
  let hook: WebhookFake;
  beforeAll(async () => {
    hook = await startWebhookFake();
  });
  afterAll(() => hook.close());
  beforeEach(() => hook.reset());

  it('gives up after the timeout and names the service', async () => {
    hook.hangRequests();
    const started = Date.now();
    const error = await fetchUpstream(
      'The CRM webhook',
      hook.url,
      { method: 'POST', body: '{}' },
      { timeoutMs: 200 },
    ).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2000);
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
