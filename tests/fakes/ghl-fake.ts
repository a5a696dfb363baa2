// A local stand-in for GoHighLevel's API v2 (LeadConnector, services.leadconnectorhq.com),
// speaking its HTTP shape: `Authorization: Bearer <token>` and `Version: 2021-07-28` on every
// request; POST /contacts/ and POST /contacts/upsert {locationId, firstName, lastName, email,
// phone, address1, source, tags, ...} answered {contact: {id, ...}} (upsert: {new, contact,
// traceId}, matching the location's contact by e-mail, then phone; a `tags` field overwrites all
// the contact's tags, as the API documents); POST /contacts/:id/tags {tags} adds tags, answered
// 201 {tags}; POST /contacts/:id/notes {body} answered 201 {note}; POST /contacts/search {locationId, pageLimit} answered {contacts,
// total}; GET /opportunities/pipelines?locationId= answered {pipelines: [{id, name, stages}]};
// GET /opportunities/search?location_id=&contact_id=&pipeline_id= answered {opportunities,
// meta}; POST /opportunities/ and PUT /opportunities/:id answered {opportunity}; GET
// /locations/:id answered {location}. Every answer carries the API's rate-limit headers
// (X-RateLimit-Max, -Remaining, -Interval-Milliseconds, -Limit-Daily, -Daily-Remaining) and a
// location past its burst limit (100 per 10 s unless told otherwise) gets 429. Errors as the API
// sends them, {statusCode, message} (401 'Invalid JWT', 403 for another location, 422 with a list
// of messages). It records every request and can be told to fail or to hang. Tests start it
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
  /** When it arrived (ms since the epoch). */
  at: number;
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

export interface GhlFakeNote {
  id: string;
  contactId: string;
  body: string;
  dateAdded: string;
}

export interface GhlFakeStage {
  id: string;
  name: string;
  position: number;
}

export interface GhlFakePipeline {
  id: string;
  name: string;
  stages: GhlFakeStage[];
}

export interface GhlFakeOpportunity {
  id: string;
  locationId: string;
  pipelineId: string;
  pipelineStageId: string;
  contactId: string;
  name: string;
  monetaryValue: number;
  status: string;
  source?: string;
  updatedAt: string;
}

export interface GhlFakeFailure {
  status: number;
  /** The answer's JSON body; default {statusCode: status, message: 'Internal server error'}. */
  body?: unknown;
  /** Headers of the answer (a 429's rate-limit headers, say), over the usual ones. */
  headers?: Record<string, string>;
  /** Only a request to this path (and, if given, with this e-mail in its body) gets the failure. */
  match?: { path: string; email?: string };
}

export interface GhlFakeRateLimit {
  /** Requests per interval per location (the API's burst limit). */
  burst: number;
  intervalMs: number;
  daily: number;
}

export interface GhlFakeOptions {
  /** Token → the one location it may use. Default: one token 'pit-test-token-0001' for location 'loc-test-0001'. */
  tokens?: Record<string, string>;
  /** Every location's pipelines; default one acquisitions pipeline of three stages. */
  pipelines?: GhlFakePipeline[];
  rateLimit?: Partial<GhlFakeRateLimit>;
  port?: number;
}

export const GHL_FAKE_PIPELINES: GhlFakePipeline[] = [
  {
    id: 'pipeAcquisitions01',
    name: 'Acquisitions',
    stages: [
      { id: 'stageNewLead000001', name: 'New Lead', position: 0 },
      { id: 'stageOfferSent0001', name: 'Offer Sent', position: 1 },
      { id: 'stageContract00001', name: 'Under Contract', position: 2 },
    ],
  },
  {
    id: 'pipeDispositions01',
    name: 'Dispositions',
    stages: [{ id: 'stageMarketing0001', name: 'Marketing to Buyers', position: 0 }],
  },
];

/** GoHighLevel ids are 20 letters and digits. */
function ghlId() {
  return randomBytes(15)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, 'x')
    .slice(0, 20);
}

export async function startGhlFake({
  tokens = { 'pit-test-token-0001': 'loc-test-0001' },
  pipelines = GHL_FAKE_PIPELINES,
  rateLimit: rateLimitOptions = {},
  port = 0,
}: GhlFakeOptions = {}) {
  const requests: GhlFakeRequest[] = [];
  const contacts: GhlFakeContact[] = [];
  const notes: GhlFakeNote[] = [];
  const opportunities: GhlFakeOpportunity[] = [];
  const failures: GhlFakeFailure[] = [];
  const rateLimit: GhlFakeRateLimit = { burst: 100, intervalMs: 10_000, daily: 200_000, ...rateLimitOptions };
  // Per location: when its current interval began, and requests in it and today.
  const usage = new Map<string, { intervalStart: number; inInterval: number; today: number }>();
  let hang = false;

  /** Counts a request against its location; the API's rate-limit headers, and whether it is over the limit. */
  function countRequest(locationId: string) {
    const now = Date.now();
    const used = usage.get(locationId) ?? { intervalStart: now, inInterval: 0, today: 0 };
    if (now - used.intervalStart >= rateLimit.intervalMs) Object.assign(used, { intervalStart: now, inInterval: 0 });
    used.inInterval++;
    used.today++;
    usage.set(locationId, used);
    const headers = {
      'x-ratelimit-max': String(rateLimit.burst),
      'x-ratelimit-remaining': String(Math.max(0, rateLimit.burst - used.inInterval)),
      'x-ratelimit-interval-milliseconds': String(rateLimit.intervalMs),
      'x-ratelimit-limit-daily': String(rateLimit.daily),
      'x-ratelimit-daily-remaining': String(Math.max(0, rateLimit.daily - used.today)),
    };
    return { headers, over: used.inInterval > rateLimit.burst || used.today > rateLimit.daily };
  }

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
        at: Date.now(),
      });
      if (hang) return; // never answers: the caller's timeout must end the wait

      const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      const tokenLocation = token === undefined ? undefined : tokens[token];
      if (tokenLocation === undefined) return send(res, 401, { statusCode: 401, message: 'Invalid JWT' });
      if (version !== GHL_API_VERSION)
        return send(res, 400, { statusCode: 400, message: 'Version header was not found' });
      const limits = countRequest(tokenLocation);
      const answer = (status: number, json: unknown) => send(res, status, json, limits.headers);
      const failureIndex = failures.findIndex(
        ({ match }) =>
          !match ||
          (match.path === url.pathname &&
            (match.email === undefined || (body as { email?: unknown } | null)?.email === match.email)),
      );
      const failure = failureIndex === -1 ? undefined : failures.splice(failureIndex, 1)[0];
      if (failure)
        return send(
          res,
          failure.status,
          failure.body ?? { statusCode: failure.status, message: 'Internal server error' },
          { ...limits.headers, ...failure.headers },
        );
      if (limits.over) return answer(429, { statusCode: 429, message: 'Too Many Requests' });

      const forbidden = () =>
        answer(403, { statusCode: 403, message: 'The token does not have access to this location.' });
      const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined);
      const contactFields = () => ({
        firstName: text('firstName'),
        lastName: text('lastName'),
        email: text('email'),
        phone: text('phone'),
        address1: text('address1'),
        source: text('source'),
      });
      /** Answers a contact body the API refuses; true when it did. */
      const refusedContact = (): boolean => {
        if (typeof fields.locationId !== 'string' || fields.locationId === '') {
          answer(422, {
            statusCode: 422,
            message: ['locationId should not be empty'],
            error: 'Unprocessable Entity',
          });
          return true;
        }
        if (fields.locationId !== tokenLocation) {
          forbidden();
          return true;
        }
        if (!text('email') && !text('phone')) {
          answer(400, { statusCode: 400, message: 'Either email or phone is required' });
          return true;
        }
        return false;
      };
      const tagsOf = () => (Array.isArray(fields.tags) ? fields.tags.map(String) : []);
      const newContact = (): GhlFakeContact => {
        const contact: GhlFakeContact = {
          id: ghlId(),
          locationId: tokenLocation,
          ...contactFields(),
          tags: tagsOf(),
          dateAdded: new Date().toISOString(),
        };
        contacts.push(contact);
        return contact;
      };

      if (req.method === 'POST' && (url.pathname === '/contacts/' || url.pathname === '/contacts')) {
        if (refusedContact()) return;
        return answer(201, { contact: newContact() });
      }
      if (req.method === 'POST' && url.pathname === '/contacts/upsert') {
        if (refusedContact()) return;
        // The location's duplicate rule: the same e-mail, else the same phone, is the same contact.
        const email = text('email')?.toLowerCase();
        const phone = text('phone');
        const own = contacts.filter((contact) => contact.locationId === tokenLocation);
        const existing =
          (email && own.find((contact) => contact.email?.toLowerCase() === email)) ||
          (phone && own.find((contact) => contact.phone === phone)) ||
          undefined;
        if (!existing) return answer(201, { new: true, contact: newContact(), traceId: ghlId() });
        for (const [name, value] of Object.entries(contactFields()))
          if (value !== undefined) Object.assign(existing, { [name]: value });
        // As the API documents: a `tags` field replaces all the contact's tags (adding is the tags endpoint's job).
        if (Array.isArray(fields.tags)) existing.tags = [...new Set(tagsOf())];
        return answer(200, { new: false, contact: existing, traceId: ghlId() });
      }
      const contactTags = /^\/contacts\/([^/]+)\/tags\/?$/.exec(url.pathname);
      if (req.method === 'POST' && contactTags) {
        const contact = contacts.find((candidate) => candidate.id === contactTags[1]);
        if (!contact) return answer(400, { statusCode: 400, message: 'Contact not found' });
        if (contact.locationId !== tokenLocation) return forbidden();
        if (
          !Array.isArray(fields.tags) ||
          fields.tags.length === 0 ||
          !fields.tags.every((tag) => typeof tag === 'string')
        )
          return answer(422, { statusCode: 422, message: ['tags must be an array of strings'] });
        contact.tags = [...new Set([...contact.tags, ...tagsOf()])];
        return answer(201, { tags: contact.tags });
      }
      const contactNotes = /^\/contacts\/([^/]+)\/notes\/?$/.exec(url.pathname);
      if (req.method === 'POST' && contactNotes) {
        const contact = contacts.find((candidate) => candidate.id === contactNotes[1]);
        if (!contact) return answer(400, { statusCode: 400, message: 'Contact not found' });
        if (contact.locationId !== tokenLocation) return forbidden();
        if (!text('body')) return answer(422, { statusCode: 422, message: ['body should not be empty'] });
        const note: GhlFakeNote = {
          id: ghlId(),
          contactId: contact.id,
          body: text('body')!,
          dateAdded: new Date().toISOString(),
        };
        notes.push(note);
        return answer(201, { note });
      }
      if (req.method === 'POST' && url.pathname === '/contacts/search') {
        if (fields.locationId !== tokenLocation) return forbidden();
        const pageLimit = typeof fields.pageLimit === 'number' ? fields.pageLimit : 20;
        const own = contacts.filter((contact) => contact.locationId === tokenLocation);
        return answer(200, { contacts: own.slice(0, pageLimit), total: own.length });
      }
      if (req.method === 'GET' && url.pathname === '/opportunities/pipelines') {
        if (url.searchParams.get('locationId') !== tokenLocation) return forbidden();
        return answer(200, { pipelines: pipelines.map((pipeline) => ({ ...pipeline, locationId: tokenLocation })) });
      }
      if (req.method === 'GET' && url.pathname === '/opportunities/search') {
        if (url.searchParams.get('location_id') !== tokenLocation) return forbidden();
        const contactId = url.searchParams.get('contact_id');
        const pipelineId = url.searchParams.get('pipeline_id');
        const found = opportunities.filter(
          (opportunity) =>
            opportunity.locationId === tokenLocation &&
            (!contactId || opportunity.contactId === contactId) &&
            (!pipelineId || opportunity.pipelineId === pipelineId),
        );
        return answer(200, { opportunities: found, meta: { total: found.length, currentPage: 1 } });
      }
      const stageProblem = (pipelineId: unknown, stageId: unknown) => {
        const pipeline = pipelines.find((candidate) => candidate.id === pipelineId);
        if (!pipeline) return 'Pipeline not found';
        if (stageId !== undefined && !pipeline.stages.some((stage) => stage.id === stageId))
          return 'Pipeline stage not found';
        return undefined;
      };
      if (req.method === 'POST' && (url.pathname === '/opportunities/' || url.pathname === '/opportunities')) {
        if (fields.locationId !== tokenLocation) return forbidden();
        const problem = stageProblem(fields.pipelineId, fields.pipelineStageId);
        if (problem) return answer(400, { statusCode: 400, message: problem });
        const contact = contacts.find(
          (candidate) => candidate.id === fields.contactId && candidate.locationId === tokenLocation,
        );
        if (!contact) return answer(400, { statusCode: 400, message: 'Contact not found' });
        if (!text('name') || !text('status'))
          return answer(422, { statusCode: 422, message: ['name and status are required'] });
        if (opportunities.some((other) => other.contactId === contact.id && other.pipelineId === fields.pipelineId)) {
          return answer(400, { statusCode: 400, message: 'Can not create duplicate opportunity for the contact.' });
        }
        const opportunity: GhlFakeOpportunity = {
          id: ghlId(),
          locationId: tokenLocation,
          pipelineId: fields.pipelineId as string,
          pipelineStageId:
            (fields.pipelineStageId as string | undefined) ??
            pipelines.find((p) => p.id === fields.pipelineId)!.stages[0]!.id,
          contactId: contact.id,
          name: text('name')!,
          monetaryValue: typeof fields.monetaryValue === 'number' ? fields.monetaryValue : 0,
          status: text('status')!,
          source: text('source'),
          updatedAt: new Date().toISOString(),
        };
        opportunities.push(opportunity);
        return answer(201, { opportunity });
      }
      const opportunityPath = /^\/opportunities\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'PUT' && opportunityPath) {
        const opportunity = opportunities.find((candidate) => candidate.id === opportunityPath[1]);
        if (!opportunity) return answer(404, { statusCode: 404, message: 'Opportunity not found' });
        if (opportunity.locationId !== tokenLocation) return forbidden();
        const problem = stageProblem(fields.pipelineId ?? opportunity.pipelineId, fields.pipelineStageId);
        if (problem) return answer(400, { statusCode: 400, message: problem });
        for (const name of ['pipelineId', 'pipelineStageId', 'name', 'status'] as const)
          if (text(name) !== undefined) opportunity[name] = text(name)!;
        if (typeof fields.monetaryValue === 'number') opportunity.monetaryValue = fields.monetaryValue;
        opportunity.updatedAt = new Date().toISOString();
        return answer(200, { opportunity });
      }
      const location = /^\/locations\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && location) {
        if (location[1] !== tokenLocation) return forbidden();
        return answer(200, { location: { id: tokenLocation, name: 'Fake sub-account' } });
      }
      return answer(404, { statusCode: 404, message: `Cannot ${req.method} ${url.pathname}`, error: 'Not Found' });
    },
    { port, onError: (res, error) => send(res, 500, { statusCode: 500, message: String(error) }) },
  );

  return {
    /** Base URL to use as GHL_API_URL, e.g. http://127.0.0.1:41234 */
    url: server.url,
    tokens,
    /** Every request received, in order. */
    requests,
    /** Every contact created, in order (updated in place by an upsert or a tags request). */
    contacts,
    /** Every note added, in order. */
    notes,
    /** Every opportunity created, in order (updated in place). */
    opportunities,
    /** Answers the next `times` authorised requests (that match, if it says which) with this failure. */
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
      notes.length = 0;
      opportunities.length = 0;
      failures.length = 0;
      usage.clear();
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
