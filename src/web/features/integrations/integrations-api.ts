import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { CrmContact, SheetsContact } from '#domain/contact/contact-schema.ts';
import type {
  CrmExportRequest,
  ExportSource,
  SheetsExportRequest,
} from '#domain/integrations/export-request-schema.ts';
import type { GhlOpportunityStage, GhlSettings } from '#domain/integrations/ghl-settings-schema.ts';
import { api, ApiError, readJson } from '#web/api/api-client.ts';
import type { MutationCallbacks } from '#web/api/mutation-callbacks.ts';

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

function exportToGhl(request: CrmExportRequest) {
  return readJson(api.integrations.ghl.export.$post({ json: request }));
}

type GhlExport = Awaited<ReturnType<typeof exportToGhl>>;

/** Whether a GoHighLevel key is stored, asked of the server now (not from the cache), before an export. */
export function useCheckGhlKey({ onSuccess, onError }: MutationCallbacks<GhlSettingsView> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => queryClient.fetchQuery({ queryKey: ghlSettingsKey, queryFn: fetchGhlSettings, staleTime: 0 }),
    onSuccess,
    onError,
  });
}

/**
 * Sends the deal (`source`, null with nothing to export) and a contact to GoHighLevel. When the
 * server has no key for the user (isGhlKeyMissing), the stored settings are fetched again.
 */
export function useExportToGhl(source: ExportSource | null, { onSuccess, onError }: MutationCallbacks<GhlExport> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: CrmContact) => {
      if (!source) throw new Error('nothing to export');
      return exportToGhl({ source, contact });
    },
    onSuccess,
    onError: (error) => {
      if (isGhlKeyMissing(error)) void queryClient.invalidateQueries({ queryKey: ghlSettingsKey });
      onError?.(error);
    },
  });
}

function exportToSheets(request: SheetsExportRequest) {
  return readJson(api.integrations.sheets.export.$post({ json: request }));
}

/** The browser's time zone, so the sheet's date and time are the user's own. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Sends the deal (`source`, null with nothing to export) and a contact as a row to the user's spreadsheet. */
export function useExportToSheets(source: ExportSource | null, { onSuccess, onError }: MutationCallbacks<void> = {}) {
  return useMutation({
    mutationFn: (contact: SheetsContact) => {
      if (!source) throw new Error('nothing to export');
      return exportToSheets({ source, contact, timeZone: browserTimeZone() });
    },
    onSuccess: () => onSuccess?.(),
    onError,
  });
}

function testGhlConnection() {
  return readJson(api.integrations.ghl.test.$post());
}

/** A real call to GoHighLevel with the stored key; data and error are the last test's outcome. */
export function useTestGhlConnection({ onSuccess, onError }: MutationCallbacks<void> = {}) {
  return useMutation({ mutationFn: testGhlConnection, onSuccess: () => onSuccess?.(), onError });
}

function testStripe() {
  return readJson(api.integrations.stripe.test.$post());
}

/** Asks the payment provider for the account's balance with the server's key (nothing is charged). */
export function useTestStripe({ onSuccess, onError }: MutationCallbacks<void> = {}) {
  return useMutation({ mutationFn: testStripe, onSuccess: () => onSuccess?.(), onError });
}

export function checkConnection(service: ConnectionService) {
  return readJson(api.integrations.connections[':service'].$get({ param: { service } }));
}

/** True for the server's answer that no GoHighLevel key is stored for this user. */
export function isGhlKeyMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
