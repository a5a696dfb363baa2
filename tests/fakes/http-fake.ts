// What every fake of an outside HTTP service shares (tests/fakes/*-fake.ts): a server on
// 127.0.0.1 (any free port unless told), each request's body read as text before the fake's
// handler sees it, a handler's error answered 500 in the provider's error shape, a close that
// drops open connections (so a request the fake never answers cannot hold a test run), and
// running a fake from the command line for a developer to point the app at.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export interface HttpFakeRequest {
  method: string;
  /** The request's URL, read against a placeholder origin: use its pathname and searchParams. */
  url: URL;
  headers: IncomingHttpHeaders;
  /** The body as UTF-8 text ('' for none). */
  text: string;
}

export interface HttpFakeOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Answers a handler's error (default: 500 with the error as plain text). */
  onError?: (res: ServerResponse, error: unknown) => void;
}

export interface HttpFake {
  /** e.g. http://127.0.0.1:41234, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** Starts a local HTTP server that hands each request, its body read, to `handle`. */
export async function startHttpFake(
  handle: (request: HttpFakeRequest, res: ServerResponse) => void | Promise<void>,
  { port = 0, onError = answerPlainError }: HttpFakeOptions = {},
): Promise<HttpFake> {
  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      await handle(
        {
          method: req.method ?? '',
          url: new URL(req.url ?? '/', 'http://fake'),
          headers: req.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        },
        res,
      );
    })().catch((error: unknown) => {
      if (!res.headersSent) onError(res, error);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function answerPlainError(res: ServerResponse, error: unknown) {
  res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
}

/** Answers with a JSON body. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A body as the fake records it: parsed JSON, the text itself when it is not JSON, undefined when empty. */
export function parseJsonBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A header's value when it was sent once; undefined when absent or repeated. */
export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Runs a fake when its module is the script node was started with (`npx tsx tests/fakes/x-fake.ts`):
 * starts it and closes it on Ctrl-C. Does nothing when the module is imported.
 */
export async function runWhenMain(moduleUrl: string, start: () => Promise<Pick<HttpFake, 'close'>>) {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  const fake = await start();
  process.once('SIGINT', () => void fake.close().then(() => process.exit(0)));
}
