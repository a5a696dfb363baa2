import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SheetsSettings } from '../../../domain/integrations/sheets-settings-schema';
import { api, readJson } from '../../api/api-client';

export const sheetsSettingsKey = ['integrations', 'sheets-settings'] as const;

/** Whether the user has their own spreadsheet webhook (shown by host), and whether the server has one. */
export function useSheetsSettings(enabled = true) {
  return useQuery({
    queryKey: sheetsSettingsKey,
    queryFn: () => readJson(api.integrations.sheets.settings.$get()),
    enabled,
  });
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
