import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { CrmExportRequest, SheetsExportRequest } from '../../../domain/integrations/export-request-schema';
import type { GhlSettings } from '../../../domain/integrations/ghl-settings-schema';
import { api, ApiError, readJson } from '../../api/api-client';

export const ghlSettingsKey = ['integrations', 'ghl-settings'] as const;

export type GhlSettingsView = InferResponseType<typeof api.integrations.ghl.settings.$get, 200>;
export type ConnectionService = 'backend' | 'identity' | 'payment' | 'email';
export type ConnectionCheck = InferResponseType<(typeof api.integrations.connections)[':service']['$get'], 200>;

/** Whether the signed-in user has a GoHighLevel key stored (only its last four characters come back). */
export function fetchGhlSettings() {
  return readJson(api.integrations.ghl.settings.$get());
}

export function useGhlSettings(enabled = true) {
  return useQuery({ queryKey: ghlSettingsKey, queryFn: fetchGhlSettings, enabled });
}

export function useSaveGhlSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: GhlSettings) => readJson(api.integrations.ghl.settings.$put({ json: settings })),
    onSuccess: (view) => queryClient.setQueryData(ghlSettingsKey, view),
  });
}

export function useRemoveGhlSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => readJson(api.integrations.ghl.settings.$delete()),
    onSuccess: () =>
      queryClient.setQueryData<GhlSettingsView>(ghlSettingsKey, {
        configured: false,
        unreadable: false,
        last4: null,
        locationId: null,
      }),
  });
}

export function exportToGhl(request: CrmExportRequest) {
  return readJson(api.integrations.ghl.export.$post({ json: request }));
}

export function exportToSheets(request: SheetsExportRequest) {
  return readJson(api.integrations.sheets.export.$post({ json: request }));
}

export function testGhlConnection() {
  return readJson(api.integrations.ghl.test.$post());
}

export function testStripe() {
  return readJson(api.integrations.stripe.test.$post());
}

export function checkConnection(service: ConnectionService) {
  return readJson(api.integrations.connections[':service'].$get({ param: { service } }));
}

/** True for the server's answer that no GoHighLevel key is stored for this user. */
export function isGhlKeyMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** The server's own words for a refused or failed export (4xx, or an outside service's failure); otherwise `fallback`. */
export function exportErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.status < 500 || error.status === 502 || error.status === 503))
    return error.message;
  return fallback;
}
