import type { CrmPayload } from '#domain/integrations/build-crm-payload.ts';
import { fetchUpstream, upstreamFailure, UpstreamError } from '../http/outbound/upstream-error';
import { GHL_MAX_RETRIES, GHL_MAX_RETRY_WAIT_MS, ghlRateLimiter, ghlRetryDelayMs } from './ghl-rate-limit';

/** The API version GoHighLevel's v2 API requires in a `Version` header. */
export const GHL_API_VERSION = '2021-07-28';
const SERVICE = 'GoHighLevel';

export interface GhlCredentials {
  /** The API's base URL, without a trailing slash (GHL_API_URL, normalised in env.ts). */
  apiUrl: string;
  apiKey: string;
  locationId: string;
}

export interface GhlPipeline {
  id: string;
  name: string;
  stages: { id: string; name: string }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One call to the API with the user's key, within the location's rate limit: a 429 is retried
 * after the wait its headers ask for (at most GHL_MAX_RETRIES times, each wait at most
 * GHL_MAX_RETRY_WAIT_MS). Any other failure is an UpstreamError quoting GoHighLevel's answer.
 */
async function callGhl<T>(
  credentials: GhlCredentials,
  request: { method: 'GET' | 'POST' | 'PUT'; path: string; query?: Record<string, string>; body?: unknown },
): Promise<{ status: number; body: T }> {
  const secrets = [credentials.apiKey];
  const url = new URL(`${credentials.apiUrl}${request.path}`);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
  for (let attempt = 0; ; attempt++) {
    await ghlRateLimiter.acquire(credentials.locationId);
    const response = await fetchUpstream(
      SERVICE,
      url.href,
      {
        method: request.method,
        headers: {
          Authorization: `Bearer ${credentials.apiKey}`,
          Version: GHL_API_VERSION,
          Accept: 'application/json',
          ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      },
      { secrets },
    );
    if (response.status === 429) {
      const delay = ghlRetryDelayMs(response.headers, attempt);
      await response.body?.cancel().catch(() => {});
      if (delay === null)
        throw new UpstreamError(
          SERVICE,
          `${SERVICE}'s daily API limit for this location is used up; try again tomorrow`,
          429,
        );
      if (attempt >= GHL_MAX_RETRIES || delay > GHL_MAX_RETRY_WAIT_MS)
        throw new UpstreamError(
          SERVICE,
          `${SERVICE} is limiting requests for this location (429); try again in a minute`,
          429,
        );
      await sleep(delay);
      continue;
    }
    if (!response.ok) throw await upstreamFailure(SERVICE, response, secrets);
    return { status: response.status, body: (await response.json().catch(() => null)) as T };
  }
}

/** A required id in an answer, or an UpstreamError saying it is missing. */
function idIn(value: unknown, what: string, status: number): string {
  if (typeof value === 'string' && value !== '') return value;
  throw new UpstreamError(SERVICE, `${SERVICE} answered ${status} without ${what}`, status);
}

/** '512-555-0100' → '+15125550100': the contacts API reads E.164; phones here are 10-digit US numbers (spec §9). */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `+1${digits}` : phone;
}

/**
 * The contacts API's body for an export: the contact, the property as its address and the CRM
 * payload's source (spec §3). Never its tags: a `tags` field on upsert replaces all the contact's
 * tags, wiping the wholesaler's own; they are added with addGhlTags instead.
 */
export function ghlContactBody(payload: CrmPayload, locationId: string) {
  return {
    locationId,
    firstName: payload.firstName,
    lastName: payload.lastName,
    name: `${payload.firstName} ${payload.lastName}`.trim(),
    email: payload.email,
    phone: toE164(payload.phone),
    address1: payload.address,
    source: payload.source,
  };
}

/**
 * POST /contacts/upsert: creates the contact, or updates the location's contact with the same
 * e-mail (else phone), so exporting a deal again does not duplicate its contact.
 */
export async function upsertGhlContact(
  credentials: GhlCredentials,
  payload: CrmPayload,
): Promise<{ contactId: string; created: boolean }> {
  const { status, body } = await callGhl<{ new?: unknown; contact?: { id?: unknown } } | null>(credentials, {
    method: 'POST',
    path: '/contacts/upsert',
    body: ghlContactBody(payload, credentials.locationId),
  });
  return { contactId: idIn(body?.contact?.id, 'a contact id', status), created: body?.new === true };
}

/** POST /contacts/{id}/tags: adds these tags to the contact's, keeping every tag it already has. */
export async function addGhlTags(credentials: GhlCredentials, contactId: string, tags: string[]): Promise<void> {
  if (tags.length === 0) return; // the API refuses an empty list
  await callGhl(credentials, {
    method: 'POST',
    path: `/contacts/${encodeURIComponent(contactId)}/tags`,
    body: { tags },
  });
}

/** POST /contacts/{id}/notes: the deal's note on the contact. */
export async function addGhlNote(
  credentials: GhlCredentials,
  contactId: string,
  note: string,
): Promise<{ noteId: string }> {
  const { status, body } = await callGhl<{ note?: { id?: unknown } } | null>(credentials, {
    method: 'POST',
    path: `/contacts/${encodeURIComponent(contactId)}/notes`,
    body: { body: note },
  });
  return { noteId: idIn(body?.note?.id, 'a note id', status) };
}

/** GET /opportunities/pipelines: the location's pipelines and their stages, in the API's order. */
export async function listGhlPipelines(credentials: GhlCredentials): Promise<GhlPipeline[]> {
  const { body } = await callGhl<{ pipelines?: unknown } | null>(credentials, {
    method: 'GET',
    path: '/opportunities/pipelines',
    query: { locationId: credentials.locationId },
  });
  const pipelines = Array.isArray(body?.pipelines) ? (body.pipelines as Record<string, unknown>[]) : [];
  return pipelines.flatMap((pipeline) => {
    if (typeof pipeline.id !== 'string' || typeof pipeline.name !== 'string') return [];
    const stages = Array.isArray(pipeline.stages) ? (pipeline.stages as Record<string, unknown>[]) : [];
    return [
      {
        id: pipeline.id,
        name: pipeline.name,
        stages: stages.flatMap((stage) =>
          typeof stage.id === 'string' && typeof stage.name === 'string' ? [{ id: stage.id, name: stage.name }] : [],
        ),
      },
    ];
  });
}

export interface GhlOpportunity {
  contactId: string;
  pipelineId: string;
  pipelineStageId: string;
  name: string;
  monetaryValue: number;
  /** GoHighLevel's opportunity status: 'won' once the deal is sold; default 'open'. */
  status?: 'open' | 'won';
}

/**
 * The contact's opportunity in the pipeline, at the chosen stage with the deal's value: updated
 * when the contact already has one there (GET /opportunities/search, PUT /opportunities/{id}),
 * else created (POST /opportunities/), so a second export does not duplicate it.
 */
export async function upsertGhlOpportunity(
  credentials: GhlCredentials,
  opportunity: GhlOpportunity,
): Promise<{ opportunityId: string; created: boolean }> {
  const { body: found } = await callGhl<{ opportunities?: { id?: unknown }[] } | null>(credentials, {
    method: 'GET',
    path: '/opportunities/search',
    query: {
      location_id: credentials.locationId,
      contact_id: opportunity.contactId,
      pipeline_id: opportunity.pipelineId,
    },
  });
  const existingId = found?.opportunities?.find((candidate) => typeof candidate.id === 'string')?.id as
    string | undefined;
  const fields = {
    pipelineId: opportunity.pipelineId,
    pipelineStageId: opportunity.pipelineStageId,
    name: opportunity.name,
    monetaryValue: opportunity.monetaryValue,
    status: opportunity.status ?? 'open',
  };
  if (existingId) {
    const { status, body } = await callGhl<{ opportunity?: { id?: unknown } } | null>(credentials, {
      method: 'PUT',
      path: `/opportunities/${encodeURIComponent(existingId)}`,
      body: fields,
    });
    return { opportunityId: idIn(body?.opportunity?.id ?? existingId, 'an opportunity id', status), created: false };
  }
  const { status, body } = await callGhl<{ opportunity?: { id?: unknown } } | null>(credentials, {
    method: 'POST',
    path: '/opportunities/',
    body: { ...fields, locationId: credentials.locationId, contactId: opportunity.contactId },
  });
  return { opportunityId: idIn(body?.opportunity?.id, 'an opportunity id', status), created: true };
}

/**
 * A cheap real call with the user's key: search the location's contacts for one. It proves the
 * key is accepted, belongs to the location and may read its contacts.
 */
export async function checkGhlConnection(credentials: GhlCredentials): Promise<{ contactsInLocation: number | null }> {
  const { body } = await callGhl<{ total?: unknown } | null>(credentials, {
    method: 'POST',
    path: '/contacts/search',
    body: { locationId: credentials.locationId, pageLimit: 1 },
  });
  return { contactsInLocation: typeof body?.total === 'number' ? body.total : null };
}
