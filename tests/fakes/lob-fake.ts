// A local stand-in for Lob's print-and-mail API (v1), speaking its HTTP shape: basic auth with the
// API key as user name; POST /v1/us_verifications answering a deliverability and the address's
// components; POST /v1/letters and /v1/postcards creating a piece (ltr_…, psc_…) and honouring
// Idempotency-Key for 24 hours (the same key answers the same piece, never a second); errors as
// {error: {message, status_code, code}}; 429 (with Retry-After) or 5xx on demand, or a piece made
// whose answer is lost (the connection dropped). It records every
// request, and signs tracking events (Lob-Signature: HMAC-SHA256 of "{timestamp}.{body}", the
// timestamp in milliseconds) for a test to post to the app's webhook. A developer can run it
// (`npx tsx tests/fakes/lob-fake.ts`) and point LOB_API_URL at its /v1.
import { createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { parseJsonBody, runWhenMain, sendJson as send, startHttpFake, type HttpFakeRequest } from './http-fake';

const IDEMPOTENCY_MS = 24 * 60 * 60_000;

export interface LobFakeRequest {
  method: string;
  path: string;
  apiKey: string | null;
  idempotencyKey: string | undefined;
  body: unknown;
}

export interface LobFakePiece {
  id: string;
  object: 'letter' | 'postcard';
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}

export interface LobFake {
  /** The fake's origin; LOB_API_URL is `${url}/v1`. */
  url: string;
  apiUrl: string;
  requests: LobFakeRequest[];
  /** Every piece created (a repeat with the same Idempotency-Key is not one more). */
  pieces: LobFakePiece[];
  /** Verifications of this street (case-insensitive) answer `undeliverable`. */
  markUndeliverable(street: string): void;
  /** The next `times` create requests answer this status (429 carries Retry-After: 1). */
  failNextCreates(status: number, times?: number): void;
  /**
   * The next `times` create requests make their piece and then drop the connection unanswered: the
   * caller cannot tell the piece was made (as when its process dies before it reads the answer).
   */
  loseNextCreateAnswers(times?: number): void;
  /** A tracking event for a piece, as Lob posts it: its body and signed headers. */
  signedEvent(
    type: string,
    pieceId: string,
    options: { secret: string; timestampMs?: number; eventId?: string },
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

function lobError(res: ServerResponse, status: number, code: string, message: string, headers = {}) {
  send(res, status, { error: { message, status_code: status, code } }, headers);
}

function apiKeyOf(authorization: string | undefined): string | null {
  if (!authorization?.startsWith('Basic ')) return null;
  const [user] = Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':');
  return user || null;
}

export async function startLobFake({
  apiKeys = ['test_fake_key_1234', 'live_fake_key_1234'],
  port,
}: { apiKeys?: string[]; port?: number } = {}): Promise<LobFake> {
  const requests: LobFakeRequest[] = [];
  const pieces: LobFakePiece[] = [];
  const undeliverable = new Set<string>();
  const byIdempotencyKey = new Map<string, { piece: LobFakePiece; at: number }>();
  let failures: { status: number; times: number } | null = null;
  let answersToLose = 0;

  const handle = (request: HttpFakeRequest, res: ServerResponse) => {
    const body = parseJsonBody(request.text);
    const apiKey = apiKeyOf(request.headers.authorization);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method, path: request.url.pathname, apiKey, idempotencyKey, body });
    if (!apiKey || !apiKeys.includes(apiKey))
      return lobError(
        res,
        401,
        'unauthorized',
        'Your API key is not valid. Please sign up on lob.com to get a valid api key.',
      );
    const fields = (body ?? {}) as Record<string, unknown>;

    if (request.method === 'POST' && request.url.pathname === '/v1/us_verifications') {
      const street = String(fields.primary_line ?? '');
      const deliverable = !undeliverable.has(street.trim().toUpperCase());
      const [, primaryNumber = '', streetName = ''] = /^(\d+)\s+(.*)$/.exec(street.trim()) ?? [];
      return send(res, 200, {
        id: randomId('us_ver'),
        recipient: null,
        primary_line: street.toUpperCase(),
        secondary_line: '',
        urbanization: '',
        last_line: `${String(fields.city ?? '').toUpperCase()} ${String(fields.state ?? '')} ${String(fields.zip_code ?? '')}`,
        deliverability: deliverable ? 'deliverable' : 'undeliverable',
        components: {
          primary_number: primaryNumber,
          street_name: streetName.toUpperCase(),
          city: String(fields.city ?? '').toUpperCase(),
          state: String(fields.state ?? ''),
          zip_code: String(fields.zip_code ?? '').slice(0, 5),
          zip_code_plus_4: '',
          record_type: deliverable ? 'street' : null,
        },
        deliverability_analysis: { dpv_confirmation: deliverable ? 'Y' : 'N', dpv_footnotes: [] },
        object: 'us_verification',
      });
    }

    const kind =
      request.url.pathname === '/v1/letters' ? 'letter' : request.url.pathname === '/v1/postcards' ? 'postcard' : null;
    if (request.method === 'POST' && kind) {
      if (failures && failures.times > 0) {
        failures.times -= 1;
        const { status } = failures;
        return status === 429
          ? lobError(res, 429, 'rate_limit_exceeded', 'Rate limit exceeded', { 'retry-after': '1' })
          : lobError(res, status, 'internal_server_error', 'Something went wrong on our end');
      }
      if (!fields.to || !fields.from || !(kind === 'letter' ? fields.file : fields.front))
        return lobError(res, 422, 'invalid', `${kind === 'letter' ? 'file' : 'front'}, to and from are required`);
      if (idempotencyKey) {
        const earlier = byIdempotencyKey.get(idempotencyKey);
        if (earlier && Date.now() - earlier.at < IDEMPOTENCY_MS)
          return send(res, 200, { id: earlier.piece.id, object: kind, ...earlier.piece.body });
      }
      const piece: LobFakePiece = {
        id: randomId(kind === 'letter' ? 'ltr' : 'psc'),
        object: kind,
        idempotencyKey,
        body: fields,
      };
      pieces.push(piece);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, { piece, at: Date.now() });
      if (answersToLose > 0) {
        answersToLose -= 1;
        res.destroy();
        return;
      }
      return send(res, 200, { id: piece.id, object: kind, ...fields, date_created: new Date().toISOString() });
    }
    return lobError(res, 404, 'not_found', 'The requested resource does not exist');
  };

  const server = await startHttpFake(handle, { port });
  return {
    url: server.url,
    apiUrl: `${server.url}/v1`,
    requests,
    pieces,
    markUndeliverable: (street) => undeliverable.add(street.trim().toUpperCase()),
    failNextCreates: (status, times = 1) => {
      failures = { status, times };
    },
    loseNextCreateAnswers: (times = 1) => {
      answersToLose = times;
    },
    signedEvent(type, pieceId, { secret, timestampMs = Date.now(), eventId = randomId('evt') }) {
      const body = JSON.stringify({
        id: eventId,
        body: { id: pieceId, object: type.split('.')[0] },
        reference_id: pieceId,
        event_type: { id: type, enabled_for_test: true, resource: `${type.split('.')[0]}s`, object: 'event_type' },
        date_created: new Date(timestampMs).toISOString(),
        object: 'event',
      });
      const timestamp = String(timestampMs);
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'lob-signature': createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex'),
          'lob-signature-timestamp': timestamp,
        },
      };
    },
    close: server.close,
  };
}

void runWhenMain(import.meta.url, async () => {
  const fake = await startLobFake({ port: Number(process.env.PORT ?? 4020) });
  console.log(`Lob fake on ${fake.apiUrl} (keys test_fake_key_1234, live_fake_key_1234)`);
  return fake;
});
