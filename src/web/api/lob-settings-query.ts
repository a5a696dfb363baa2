import { queryOptions } from '@tanstack/react-query';
import { api, PAGE_DATA_STALE_TIME_MS, readJson } from './api-client';

export const lobSettingsKey = ['mail', 'lob-settings'] as const;

/**
 * The workspace's Lob connection as the server shows it: the key only by its last four characters.
 * Read by the Lob card (integrations) and by the bulk import's review ("Mail with Lob" needs a key).
 */
export const lobSettingsQuery = queryOptions({
  queryKey: lobSettingsKey,
  queryFn: () => readJson(api.mail.lob.settings.$get()),
  staleTime: PAGE_DATA_STALE_TIME_MS,
});
