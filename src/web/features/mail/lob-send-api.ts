import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '#web/api/api-client.ts';

const lobSendKey = (sendId: string) => ['mail', 'lob-sends', sendId] as const;

/** A send through Lob: its count and cost, the month's cap, whether it was confirmed, its pieces by status. */
export function useLobSend(sendId: string) {
  return useQuery({
    queryKey: lobSendKey(sendId),
    queryFn: () => readJson(api.mail.lob.sends[':id'].$get({ param: { id: sendId } })),
    // Lob verifies the addresses (every second, to show the progress); then pieces move (queued, mailed, in transit…).
    refetchInterval: (query) => (query.state.data?.preparing ? 1_000 : query.state.data?.confirmed ? 5_000 : false),
  });
}

/** Confirms the count and cost the member saw: the server refuses other figures, or past the cap. */
export function useConfirmLobSend(sendId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seen: { pieces: number; costCents: number }) =>
      readJson(api.mail.lob.sends[':id'].confirm.$post({ param: { id: sendId }, json: seen })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lobSendKey(sendId) }),
  });
}
