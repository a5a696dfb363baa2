import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
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

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      if (hang) return;
      if (failure) {
        res.writeHead(failure.status, { 'content-type': 'text/plain' }).end(failure.body);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hook`,
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookFake = Awaited<ReturnType<typeof startWebhookFake>>;
