import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SheetsSettings } from '#domain/integrations/sheets-settings-schema.ts';
import { api, PAGE_DATA_STALE_TIME_MS, readJson, type ApiClient } from '#web/api/api-client.ts';

export const sheetsSettingsKey = ['integrations', 'sheets-settings'] as const;

/**
 * Whether the user has their own spreadsheet webhook (shown by host), and whether the server has
 * one (through `client`: the server draws /saved, whose cards export, with its own).
 */
export function sheetsSettingsQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: sheetsSettingsKey,
    queryFn: () => readJson(client.integrations.sheets.settings.$get()),
    staleTime: PAGE_DATA_STALE_TIME_MS,
  });
}

export function useSheetsSettings(enabled = true) {
  return useQuery({ ...sheetsSettingsQuery(), enabled });
}

export function useSaveSheetsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SheetsSettings) => readJson(api.integrations.sheets.settings.$put({ json: settings })),
    onSuccess: (view) => queryClient.setQueryData(sheetsSettingsKey, view),
  });
}

export function useRemoveSheetsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => readJson(api.integrations.sheets.settings.$delete()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sheetsSettingsKey }),
  });
}

function testSheetsWebhook() {
  return readJson(api.integrations.sheets.test.$post());
}

/** Sends a test row to the spreadsheet exports would use; data and error are the last test's outcome. */
export function useTestSheetsWebhook() {
  return useMutation({ mutationFn: testSheetsWebhook });
}
