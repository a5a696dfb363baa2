// A local stand-in for Resend's e-mail API (POST /emails), speaking its HTTP shape: bearer
// key, JSON {from, to[], subject, html, text?, reply_to?, headers?}, answer {id}, errors
// {statusCode, name, message}, Idempotency-Key replays of the same body answered with the first
// id, and, as Resend does, 409 `invalid_idempotent_request` for a key reused with another body and
// 409 `concurrent_idempotent_requests` while the key's first request is still unanswered. It records
// every request and can be told to fail. Given a webhook (URL and whsec_ secret), it also sends the
// provider's events as Resend does, signed with Svix: `email.bounced` a moment after accepting a
// message to an address told to bounce, and `email.received` when told a reply arrived. Tests
// start it in-process; a developer can run it (`npx tsx tests/fakes/resend-fake.ts`) and point
// RESEND_API_URL at it.
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { Webhook } from 'svix';
import {
  headerValue,
  parseJsonBody,
  runWhenMain,
  sendJson as send,
  startHttpFake,
  type HttpFakeRequest,
} from './http-fake';

export interface ResendFakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: unknown;
}

export interface ResendFakeEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html?: string;
  text?: string;
  reply_to?: string | string[];
  /** Custom headers, as Resend's API takes them (e.g. List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface ResendFakeFailure {
  status: number;
  name: string;
  message: string;
  /** Only a message to this address meets the failure (others, a late retry of an earlier test's say, pass). */
  to?: string;
}

export interface ResendFake {
  /** Base URL to use as RESEND_API_URL, e.g. http://127.0.0.1:41234 */
  url: string;
  apiKey: string;
  /** Every request received, in order. */
  requests: ResendFakeRequest[];
  /** Every message accepted, in order. */
  emails: ResendFakeEmail[];
  /** Answers the next `times` send requests with this error (Resend's error JSON). */
  failNext(failure: ResendFakeFailure, times?: number): void;
  /** Waits this long before answering each request (to test timeouts). */
  delayResponses(ms: number): void;
  /** Messages to this address are accepted, then reported bounced on the webhook (`email.bounced`). */
  bounce(address: string): void;
  /** Reports an inbound e-mail on the webhook (`email.received`), as Resend's receiving does. */
  receive(email: { from: string; to: string[]; subject: string }): Promise<Response>;
  /** Every webhook delivery made, with the app's answer status. */
  webhookDeliveries: { type: string; status: number }[];
  close(): Promise<void>;
}

/** Where the fake sends the provider's events: the app's webhook URL and its signing secret (whsec_…). */
export interface ResendFakeWebhook {
  url: string;
  secret: string;
}

function error(res: ServerResponse, status: number, name: string, message: string) {
  send(res, status, { statusCode: status, name, message });
}

export async function startResendFake({
  apiKey = 're_test_key',
  sendingOnlyApiKey,
  webhook,
}: {
  apiKey?: string;
  /** A key that may send but not read (Resend's "sending access" keys): GET /domains refuses it. */
  sendingOnlyApiKey?: string;
  webhook?: ResendFakeWebhook;
} = {}): Promise<ResendFake> {
  const bouncing = new Set<string>();
  const webhookDeliveries: { type: string; status: number }[] = [];
  const signer = webhook ? new Webhook(webhook.secret) : null;

  /** Posts one event to the webhook, signed as Svix signs it (svix-id, svix-timestamp, svix-signature). */
  async function deliver(type: string, data: Record<string, unknown>): Promise<Response> {
    if (!webhook || !signer) throw new Error('the Resend fake was started without a webhook');
    const id = `msg_${randomUUID().replace(/-/g, '')}`;
    const at = new Date();
    const payload = JSON.stringify({
      type,
      created_at: at.toISOString(),
      data: { ...data, created_at: at.toISOString() },
    });
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'svix-id': id,
        'svix-timestamp': String(Math.floor(at.getTime() / 1000)),
        'svix-signature': signer.sign(id, at, payload),
      },
      body: payload,
    });
    webhookDeliveries.push({ type, status: response.status });
    return response;
  }

  const requests: ResendFakeRequest[] = [];
  const emails: ResendFakeEmail[] = [];
  const failures: ResendFakeFailure[] = [];
  // Idempotency-Key → the body it was first sent with and the id it got.
  const idempotent = new Map<string, { body: string; id: string }>();
  // Keys of requests received and not answered yet (a delayed answer, say).
  const inFlight = new Set<string>();
  let delayMs = 0;

  const server = await startHttpFake(
    async (req, res) => {
      const body = parseJsonBody(req.text);
      const path = req.url.pathname;
      const idempotencyKey = headerValue(req.headers, 'idempotency-key');
      requests.push({ method: req.method, path, authorization: req.headers.authorization, idempotencyKey, body });
      if (idempotencyKey !== undefined && inFlight.has(idempotencyKey))
        return error(
          res,
          409,
          'concurrent_idempotent_requests',
          'Same idempotency key used while original request is still in progress.',
        );
      if (idempotencyKey !== undefined) inFlight.add(idempotencyKey);
      try {
        await answer(req, res);
      } finally {
        if (idempotencyKey !== undefined) inFlight.delete(idempotencyKey);
      }
    },
    {
      port: Number(process.env.RESEND_FAKE_PORT ?? 0),
      onError: (res, caught) => error(res, 500, 'internal_server_error', String(caught)),
    },
  );

  /** Answers one request as Resend would, after the delay the test asked for. */
  async function answer(req: HttpFakeRequest, res: ServerResponse) {
    const body = parseJsonBody(req.text);
    const path = req.url.pathname;
    const idempotencyKey = headerValue(req.headers, 'idempotency-key');
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (res.destroyed) return;

    const authorization = req.headers.authorization;
    if (req.method === 'GET' && path === '/domains') {
      if (sendingOnlyApiKey && authorization === `Bearer ${sendingOnlyApiKey}`) {
        return error(res, 401, 'restricted_api_key', 'This API key is restricted to only send emails');
      }
      if (authorization !== `Bearer ${apiKey}`) return error(res, 403, 'invalid_api_key', 'API key is invalid');
      return send(res, 200, { object: 'list', data: [] });
    }
    if (req.method !== 'POST' || path !== '/emails')
      return error(res, 404, 'not_found', 'The requested endpoint does not exist.');
    if (!authorization) return error(res, 401, 'missing_api_key', 'Missing API key in the authorization header.');
    const sendingKeys = [apiKey, sendingOnlyApiKey].filter(Boolean).map((key) => `Bearer ${key}`);
    if (!sendingKeys.includes(authorization)) return error(res, 403, 'invalid_api_key', 'API key is invalid');
    const recipients = typeof body === 'object' && body !== null ? [(body as { to?: unknown }).to].flat() : [];
    const failureAt = failures.findIndex((failure) => failure.to === undefined || recipients.includes(failure.to));
    const [failure] = failureAt < 0 ? [] : failures.splice(failureAt, 1);
    if (failure) return error(res, failure.status, failure.name, failure.message);

    if (typeof body !== 'object' || body === null) return error(res, 422, 'validation_error', 'Invalid JSON body.');
    const message = body as Partial<ResendFakeEmail>;
    for (const field of ['from', 'to', 'subject'] as const) {
      if (!message[field] || (Array.isArray(message[field]) && message[field].length === 0)) {
        return error(res, 422, 'missing_required_field', `Missing \`${field}\` field.`);
      }
    }
    if (!message.html && !message.text) return error(res, 422, 'validation_error', 'Missing `html` or `text` field.');

    const first = idempotencyKey === undefined ? undefined : idempotent.get(idempotencyKey);
    if (first && first.body !== req.text)
      return error(
        res,
        409,
        'invalid_idempotent_request',
        'Same idempotency key used with a different request payload. Change your idempotency key or payload.',
      );
    if (first) return send(res, 200, { id: first.id });
    const id = randomUUID();
    if (idempotencyKey !== undefined) idempotent.set(idempotencyKey, { body: req.text, id });
    emails.push({
      id,
      from: String(message.from),
      to: Array.isArray(message.to) ? message.to.map(String) : [String(message.to)],
      subject: String(message.subject),
      html: message.html,
      text: message.text,
      reply_to: message.reply_to,
      ...(message.headers ? { headers: message.headers } : {}),
    });
    send(res, 200, { id });
    const to = Array.isArray(message.to) ? message.to.map(String) : [String(message.to)];
    if (to.some((address) => bouncing.has(address.toLowerCase()))) {
      // The recipient's server refuses it after Resend accepted it: the event follows the answer.
      setTimeout(() => {
        deliver('email.bounced', {
          email_id: id,
          from: String(message.from),
          to,
          subject: String(message.subject),
          bounce: { message: 'The recipient does not exist', subType: 'General', type: 'Permanent' },
        }).catch((caught: unknown) => console.warn('Resend fake: the bounce webhook failed', caught));
      }, 50);
    }
  }

  return {
    url: server.url,
    apiKey,
    requests,
    emails,
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    delayResponses(ms) {
      delayMs = ms;
    },
    bounce(address) {
      bouncing.add(address.toLowerCase());
    },
    receive({ from, to, subject }) {
      return deliver('email.received', {
        email_id: randomUUID(),
        from,
        to,
        cc: [],
        bcc: [],
        message_id: `<${randomUUID()}@mail.example>`,
        subject,
        attachments: [],
      });
    },
    webhookDeliveries,
    close: server.close,
  };
}

await runWhenMain(import.meta.url, async () => {
  const fake = await startResendFake({ apiKey: process.env.RESEND_API_KEY ?? 're_test_key' });
  console.log(`Resend fake on ${fake.url} (RESEND_API_URL=${fake.url} RESEND_API_KEY=${fake.apiKey}); Ctrl-C to stop`);
  return fake;
});
