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

/** Where Google Apps Script's /exec sends a POST's answer (script.googleusercontent.com's, here on the fake). */
const APPS_SCRIPT_ECHO_PATH = '/macros/echo';

/**
 * A local automation webhook (offer, CRM and spreadsheet webhooks are plain JSON POSTs):
 * records what it receives and can be told to fail, to hang, to answer like Google Apps Script's
 * /exec (a 302 to another path, whose GET carries the answer) or to redirect anywhere.
 */
export async function startWebhookFake() {
  const requests: RecordedRequest[] = [];
  let failure: { status: number; body: string } | null = null;
  let hang = false;
  let redirect: { kind: 'apps-script' } | { kind: 'to'; location: string; status: number } | null = null;

  const server = await startHttpFake(({ method, url, headers, text }, res) => {
    const body = text === '' ? text : parseJsonBody(text);
    requests.push({ method, path: url.pathname + url.search, headers, body });
    if (hang) return;
    if (redirect?.kind === 'to') {
      res.writeHead(redirect.status, { location: redirect.location }).end();
      return;
    }
    if (redirect?.kind === 'apps-script') {
      if (url.pathname !== APPS_SCRIPT_ECHO_PATH) {
        // As Apps Script does: the script ran; its output waits behind a one-time link.
        const location = `${server.url}${APPS_SCRIPT_ECHO_PATH}?user_content_key=fake-key&lib=fake`;
        res.writeHead(302, { location, 'content-type': 'text/html' }).end('<HTML>Moved Temporarily</HTML>');
        return;
      }
      if (method !== 'GET') {
        res.writeHead(405, { 'content-type': 'text/html' }).end('Sorry, unable to open the file at this time.');
        return;
      }
    }
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
    /** Answers every POST as Apps Script's /exec does: 302 to `/macros/echo?…` on this fake, which answers a GET with 200 JSON. */
    redirectLikeAppsScript() {
      redirect = { kind: 'apps-script' };
    },
    /** Answers every request with `status` (302 unless told) and this Location. */
    redirectTo(location: string, status = 302) {
      redirect = { kind: 'to', location, status };
    },
    reset() {
      requests.length = 0;
      failure = null;
      hang = false;
      redirect = null;
    },
    close: server.close,
  };
}

export type WebhookFake = Awaited<ReturnType<typeof startWebhookFake>>;
