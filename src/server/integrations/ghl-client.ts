import type { CrmPayload } from '../../domain/integrations/build-crm-payload';
import { fetchUpstream, upstreamFailure, UpstreamError } from './upstream';

/** The API version GoHighLevel's v2 API requires in a `Version` header. */
export const GHL_API_VERSION = '2021-07-28';
const SERVICE = 'GoHighLevel';

export interface GhlCredentials {
  /** The API's base URL, without a trailing slash (GHL_API_URL, normalised in env.ts). */
  apiUrl: string;
  apiKey: string;
  locationId: string;
}

function headers(apiKey: string) {
  return {
    Authorization: `Bearer ${apiKey}`,
    Version: GHL_API_VERSION,
    'Content-Type': 'application/json',
    Accept: 'application/json',
  };
}

/** '512-555-0100' → '+15125550100': the contacts API reads E.164; phones here are 10-digit US numbers (spec §9). */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `+1${digits}` : phone;
}

/** The contacts API's create body for an export: the contact, the property as its address, the CRM payload's source and tags (spec §3). */
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
    tags: payload.tags,
  };
}

/** POST {apiUrl}/contacts/ with the user's key; returns the new contact's id. */
export async function createGhlContact(
  credentials: GhlCredentials,
  payload: CrmPayload,
): Promise<{ contactId: string }> {
  const secrets = [credentials.apiKey];
  const response = await fetchUpstream(
    SERVICE,
    `${credentials.apiUrl}/contacts/`,
    {
      method: 'POST',
      headers: headers(credentials.apiKey),
      body: JSON.stringify(ghlContactBody(payload, credentials.locationId)),
    },
    { secrets },
  );
  if (!response.ok) throw await upstreamFailure(SERVICE, response, secrets);
  const body = (await response.json().catch(() => null)) as { contact?: { id?: unknown } } | null;
  const contactId = body?.contact?.id;
  if (typeof contactId !== 'string')
    throw new UpstreamError(SERVICE, `${SERVICE} answered ${response.status} without a contact id`, response.status);
  return { contactId };
}

/**
 * A cheap real call with the user's key: search the location's contacts for one. It proves the
 * key is accepted, belongs to the location and may read its contacts.
 */
export async function checkGhlConnection(credentials: GhlCredentials): Promise<{ contactsInLocation: number | null }> {
  const secrets = [credentials.apiKey];
  const response = await fetchUpstream(
    SERVICE,
    `${credentials.apiUrl}/contacts/search`,
    {
      method: 'POST',
      headers: headers(credentials.apiKey),
      body: JSON.stringify({ locationId: credentials.locationId, pageLimit: 1 }),
    },
    { secrets },
  );
  if (!response.ok) throw await upstreamFailure(SERVICE, response, secrets);
  const body = (await response.json().catch(() => null)) as { total?: unknown } | null;
  return { contactsInLocation: typeof body?.total === 'number' ? body.total : null };
}
