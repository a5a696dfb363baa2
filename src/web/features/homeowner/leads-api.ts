import type { LeadRequestInput } from '../../../domain/leads/lead-request-schema';
import { api, ApiError, readJson } from '../../api/api-client';

/** Records a lead (POST /api/leads); resolves to its id, or throws an ApiError with the server's message. */
export function submitLead(lead: LeadRequestInput): Promise<{ id: string }> {
  return readJson(api.leads.$post({ json: lead }));
}

/** The toast for a failed submission: the server's own words for a rate limit (they say how long to wait), else `fallback`. */
export function leadErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 429 ? error.message : fallback;
}
