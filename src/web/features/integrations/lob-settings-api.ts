import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LobSettingsInput } from '#domain/mail/lob-settings.ts';
import { api, readJson } from '#web/api/api-client.ts';
import { lobSettingsKey, lobSettingsQuery } from '#web/api/lob-settings-query.ts';

export function useLobSettings(enabled = true) {
  return useQuery({ ...lobSettingsQuery, enabled });
}

export function useSaveLobSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: LobSettingsInput) => readJson(api.mail.lob.settings.$put({ json: settings })),
    onSuccess: (view) => queryClient.setQueryData(lobSettingsKey, view),
  });
}

export function useRemoveLobSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => readJson(api.mail.lob.settings.$delete()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lobSettingsKey }),
  });
}

/** Asks Lob to verify a known address with the saved key; data and error are the last test's outcome. */
export function useTestLob() {
  return useMutation({
    mutationFn: () => readJson(api.mail.lob.test.$post()),
  });
}
