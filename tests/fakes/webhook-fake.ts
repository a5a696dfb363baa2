import type { IncomingHttpHeaders } from 'node:http';
import { parseJsonBody, startHttpFake } from './http-fake';

export interface RecordedRequest {
  method: string;
  /** Path and query as sent, e.g. '/hook'. */
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or the text when it is not JSON. */
  body: unknown;
}

/**
 * A local automation webhook (offer, CRM and spreadsheet webhooks are plain JSON POSTs):
 * records what it receives and can be told to fail or to hang.
 */
export async function startWebhookFake() {
  const requests: RecordedRequest[] = [];
  let failure: { status: number; body: string } | null = null;
  let hang = false;

  const server = await startHttpFake(({ method, url, headers, text }, res) => {
    const body = text === '' ? text : parseJsonBody(text);
    requests.push({ method, path: url.pathname + url.search, headers, body });
    if (hang) return;
    if (failure) {
      res.writeHead(failure.status, { 'content-type': 'text/plain' }).end(failure.body);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });

  return {
    url: `${server.url}/hook`,
    requests,
    failWith(status: number, body = 'webhook failed') {
      failure = { status, body };
    },
    hangRequests() {
      hang = true;
    },
    reset() {
      requests.length = 0;
      failure = null;
      hang = false;
    },
    close: server.close,
  };
}

export type WebhookFake = Awaited<ReturnType<typeof startWebhookFake>>;
