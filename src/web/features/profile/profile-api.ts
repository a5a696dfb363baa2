import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { WholesalerProfile } from '#domain/profile/wholesaler-profile-schema.ts';
import { api, PAGE_DATA_STALE_TIME_MS, readJson, type ApiClient } from '#web/api/api-client.ts';
import { useSession } from '#web/api/use-session.ts';

export type ProfileView = InferResponseType<typeof api.profile.$get, 200>;

/**
 * The user's profile (the form's defaults before they first save one) and their personal page's
 * address; keyed by account, so another account's profile is never shown from the cache.
 */
export function profileQuery(userId: string | null, client: ApiClient = api) {
  return queryOptions({
    queryKey: ['profile', userId],
    queryFn: () => readJson(client.profile.$get()),
    staleTime: PAGE_DATA_STALE_TIME_MS,
  });
}

const useProfileKey = () => profileQuery(useSession().user?.id ?? null).queryKey;

export function useProfile() {
  return useQuery(profileQuery(useSession().user?.id ?? null));
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  const key = useProfileKey();
  return useMutation({
    mutationFn: (profile: WholesalerProfile) => readJson(api.profile.$put({ json: profile })),
    onSuccess: (view) => queryClient.setQueryData(key, view),
  });
}

/** Asks for the reply-to address's confirmation link (or confirms the account's own verified e-mail at once). */
export function useSendReplyToConfirmation() {
  const queryClient = useQueryClient();
  const key = useProfileKey();
  return useMutation({
    mutationFn: () => readJson(api.profile['reply-to'].confirmation.$post()),
    onSuccess: ({ confirmed }) => {
      if (confirmed) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** What a reply-to confirmation link confirms, for the page that asks before it does. */
export function useReplyToConfirmation(token: string) {
  return useQuery({
    queryKey: ['reply-to-confirmation', token],
    queryFn: () => readJson(api.public['reply-to-confirmations'].$get({ query: { token } })),
    enabled: token !== '',
    retry: false,
  });
}

export function useConfirmReplyTo(token: string) {
  return useMutation({
    mutationFn: () => readJson(api.public['reply-to-confirmations'].$post({ json: { token } })),
  });
}
