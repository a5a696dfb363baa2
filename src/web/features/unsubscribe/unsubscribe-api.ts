import { useMutation, useQuery } from '@tanstack/react-query';
import { api, readJson } from '#web/api/api-client.ts';

/** Whose address an unsubscribe link is for, and whether it is unsubscribed already; '' is no link. */
export function useUnsubscribeStatus(token: string) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => readJson(api.unsubscribe.$get({ query: { token } })),
    enabled: token !== '',
    retry: false,
  });
}

/** Unsubscribes the link's address for good (§7). */
export function useUnsubscribe(token: string) {
  return useMutation({ mutationFn: () => readJson(api.unsubscribe.$post({ json: { token } })) });
}
