// A local stand-in for GoHighLevel's API v2 (LeadConnector, services.leadconnectorhq.com),
// speaking its HTTP shape: `Authorization: Bearer <token>` and `Version: 2021-07-28` on every
// request; POST /contacts/ {locationId, firstName, lastName, email, phone, address1, source,
// tags, ...} answered 201 {contact: {id, ...}}; POST /contacts/search {locationId, pageLimit}
// answered {contacts, total}; GET /locations/:id answered {location}; errors as the API sends
// them, {statusCode, message} (401 'Invalid JWT', 403 for another location, 422 with a list of
// messages). It records every request and can be told to fail or to hang. Tests start it
// in-process; a developer can run it (`npx tsx tests/fakes/ghl-fake.ts`) and point GHL_API_URL at it.
import { randomBytes } from 'node:crypto';
import { headerValue, parseJsonBody, runWhenMain, sendJson as send, startHttpFake } from './http-fake';

export const GHL_API_VERSION = '2021-07-28';

export interface GhlFakeRequest {
  method: string;
  /** Path without the query string, e.g. '/contacts/'. */
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  version: string | undefined;
  body: unknown;
}

export interface GhlFakeContact {
  id: string;
  locationId: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  address1?: string;
  source?: string;
  tags: string[];
  dateAdded: string;
}

export interface GhlFakeFailure {
  status: number;
  /** The answer's JSON body; default {statusCode: status, message: 'Internal server error'}. */
  body?: unknown;
}

export interface GhlFakeOptions {
  /** Token → the one location it may use. Default: one token 'pit-test-token-0001' for location 'loc-test-0001'. */
  tokens?: Record<string, string>;
  port?: number;
}

/** GoHighLevel ids are 20 letters and digits. */
function ghlId() {
  return randomBytes(15)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, 'x')
    .slice(0, 20);
}

export async function startGhlFake({
  tokens = { 'pit-test-token-0001': 'loc-test-0001' },
  port = 0,
}: GhlFakeOptions = {}) {
  const requests: GhlFakeRequest[] = [];
  const contacts: GhlFakeContact[] = [];
  const failures: GhlFakeFailure[] = [];
  let hang = false;

  const server = await startHttpFake(
    (req, res) => {
      const { url } = req;
      const body = parseJsonBody(req.text);
      const version = headerValue(req.headers, 'version');
      requests.push({
        method: req.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        authorization: req.headers.authorization,
        version,
        body,
      });
      if (hang) return; // never answers: the caller's timeout must end the wait

      const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      const tokenLocation = token === undefined ? undefined : tokens[token];
      if (tokenLocation === undefined) return send(res, 401, { statusCode: 401, message: 'Invalid JWT' });
      if (version !== GHL_API_VERSION)
        return send(res, 400, { statusCode: 400, message: 'Version header was not found' });
      const failure = failures.shift();
      if (failure)
        return send(
          res,
          failure.status,
          failure.body ?? { statusCode: failure.status, message: 'Internal server error' },
        );

      const forbidden = () =>
        send(res, 403, { statusCode: 403, message: 'The token does not have access to this location.' });
      const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;

      if (req.method === 'POST' && (url.pathname === '/contacts/' || url.pathname === '/contacts')) {
        if (typeof fields.locationId !== 'string' || fields.locationId === '') {
          return send(res, 422, {
            statusCode: 422,
            message: ['locationId should not be empty'],
            error: 'Unprocessable Entity',
          });
        }
        if (fields.locationId !== tokenLocation) return forbidden();
        const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined);
        if (!text('email') && !text('phone')) {
          return send(res, 400, { statusCode: 400, message: 'Either email or phone is required' });
        }
        const contact: GhlFakeContact = {
          id: ghlId(),
          locationId: fields.locationId,
          firstName: text('firstName'),
          lastName: text('lastName'),
          email: text('email'),
          phone: text('phone'),
          address1: text('address1'),
          source: text('source'),
          tags: Array.isArray(fields.tags) ? fields.tags.map(String) : [],
          dateAdded: new Date().toISOString(),
        };
        contacts.push(contact);
        return send(res, 201, { contact });
      }
      if (req.method === 'POST' && url.pathname === '/contacts/search') {
        if (fields.locationId !== tokenLocation) return forbidden();
        const pageLimit = typeof fields.pageLimit === 'number' ? fields.pageLimit : 20;
        const own = contacts.filter((contact) => contact.locationId === tokenLocation);
        return send(res, 200, { contacts: own.slice(0, pageLimit), total: own.length });
      }
      const location = /^\/locations\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && location) {
        if (location[1] !== tokenLocation) return forbidden();
        return send(res, 200, { location: { id: tokenLocation, name: 'Fake sub-account' } });
      }
      return send(res, 404, { statusCode: 404, message: `Cannot ${req.method} ${url.pathname}`, error: 'Not Found' });
    },
    { port, onError: (res, error) => send(res, 500, { statusCode: 500, message: String(error) }) },
  );

  return {
    /** Base URL to use as GHL_API_URL, e.g. http://127.0.0.1:41234 */
    url: server.url,
    tokens,
    /** Every request received, in order. */
    requests,
    /** Every contact created, in order. */
    contacts,
    /** Answers the next `times` authorised requests with this failure. */
    failNext(failure: GhlFakeFailure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    /** Records requests and never answers them. */
    hangRequests() {
      hang = true;
    },
    reset() {
      requests.length = 0;
      contacts.length = 0;
      failures.length = 0;
      hang = false;
    },
    close: server.close,
  };
}

export type GhlFake = Awaited<ReturnType<typeof startGhlFake>>;

await runWhenMain(import.meta.url, async () => {
  const fake = await startGhlFake({ port: Number(process.argv[2] ?? 0) });
  const [[token, location]] = Object.entries(fake.tokens) as [[string, string]];
  console.log(
    `GoHighLevel fake on ${fake.url} (GHL_API_URL=${fake.url}; API key ${token}, location id ${location}); Ctrl-C to stop`,
  );
  return fake;
});
