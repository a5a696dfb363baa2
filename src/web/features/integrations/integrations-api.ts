import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { CrmExportRequest, SheetsExportRequest } from '../../../domain/integrations/export-request-schema';
import type { GhlOpportunityStage, GhlSettings } from '../../../domain/integrations/ghl-settings-schema';
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
    onSuccess: (view) => {
      queryClient.setQueryData(ghlSettingsKey, view);
      void queryClient.invalidateQueries({ queryKey: ghlPipelinesKey });
    },
  });
}

export function useRemoveGhlSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => readJson(api.integrations.ghl.settings.$delete()),
    onSuccess: () => {
      queryClient.setQueryData<GhlSettingsView>(ghlSettingsKey, {
        configured: false,
        unreadable: false,
        last4: null,
        locationId: null,
      });
      queryClient.removeQueries({ queryKey: ghlPipelinesKey });
    },
  });
}

export const ghlPipelinesKey = ['integrations', 'ghl-pipelines'] as const;

/** The GoHighLevel location's pipelines (listed by the server with the user's key) and the stage exports use. */
export function useGhlPipelines() {
  return useQuery({
    queryKey: ghlPipelinesKey,
    queryFn: () => readJson(api.integrations.ghl.pipelines.$get()),
    retry: false,
  });
}

/** Chooses the stage exports put deals in, or (null) stops creating opportunities. */
export function useChooseGhlStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (stage: GhlOpportunityStage | null) => {
      if (stage) return readJson(api.integrations.ghl['opportunity-stage'].$put({ json: stage }));
      await readJson(api.integrations.ghl['opportunity-stage'].$delete());
      return null;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ghlPipelinesKey }),
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
