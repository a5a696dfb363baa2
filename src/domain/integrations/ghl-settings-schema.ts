import { z } from 'zod';

export const ghlSettingsMessages = {
  apiKeyRequired: 'API key is required',
  apiKeyInvalid: 'API key must not contain spaces',
  apiKeyTooLong: 'API key must be at most 4096 characters',
  locationIdRequired: 'Location ID is required',
  locationIdInvalid: 'Location ID may contain only letters, digits, - and _',
} as const;

/**
 * The GoHighLevel credentials a wholesaler stores (§3 Setting ghl_api_key, plus the location the
 * CRM's contacts API needs): a private-integration token or API key, and the sub-account's location id.
 */
export const GhlSettingsSchema = z.object({
  apiKey: z
    .string()
    .trim()
    .min(1, { error: ghlSettingsMessages.apiKeyRequired, abort: true })
    .max(4096, ghlSettingsMessages.apiKeyTooLong)
    .regex(/^\S+$/, ghlSettingsMessages.apiKeyInvalid),
  locationId: z
    .string()
    .trim()
    .min(1, { error: ghlSettingsMessages.locationIdRequired, abort: true })
    .max(100, 'Location ID must be at most 100 characters')
    .regex(/^[A-Za-z0-9_-]+$/, ghlSettingsMessages.locationIdInvalid),
});
export type GhlSettings = z.infer<typeof GhlSettingsSchema>;

const ghlId = (what: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `Choose a ${what}`, abort: true })
    .max(100, `The ${what} id must be at most 100 characters`)
    .regex(/^[A-Za-z0-9_-]+$/, `The ${what} id may contain only letters, digits, - and _`);

/** Where exports put the deal in GoHighLevel (issue 14): one of the location's pipelines and a stage of it. */
export const GhlOpportunityStageSchema = z.object({
  pipelineId: ghlId('pipeline'),
  pipelineStageId: ghlId('stage'),
});
export type GhlOpportunityStage = z.infer<typeof GhlOpportunityStageSchema>;

/** The last four characters of a secret, the only part ever shown; a secret under 12 characters shows nothing (4 would be too much of it). */
export function lastFour(secret: string): string {
  return secret.length >= 12 ? secret.slice(-4) : '';
}
