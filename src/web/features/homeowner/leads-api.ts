import { useMutation } from '@tanstack/react-query';
import type { LeadRequestInput } from '#domain/leads/lead-request-schema.ts';
import { api, ApiError, readJson } from '#web/api/api-client.ts';
import type { MutationCallbacks } from '#web/api/mutation-callbacks.ts';

/** Records a lead (POST /api/leads); resolves to its id, or throws an ApiError with the server's message. */
export function submitLead(lead: LeadRequestInput): Promise<{ id: string }> {
  return readJson(api.leads.$post({ json: lead }));
}

/** The toast for a failed submission: the server's own words for a rate limit (they say how long to wait), else `fallback`. */
export function leadErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 429 ? error.message : fallback;
}

/** Records one calculator answer (submitLead); succeeds with the lead it recorded, so the caller can say what was sent. */
export function useSubmitLead<Lead extends LeadRequestInput>({ onSuccess, onError }: MutationCallbacks<Lead> = {}) {
  return useMutation({
    mutationFn: async (lead: Lead) => {
      await submitLead(lead);
      return lead;
    },
    onSuccess,
    onError,
  });
}
