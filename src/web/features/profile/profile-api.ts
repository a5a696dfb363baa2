import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { WholesalerProfile } from '../../../domain/profile/wholesaler-profile-schema';
import { api, readJson } from '../../api/api-client';
import { useSession } from '../../api/use-session';

export type ProfileView = InferResponseType<typeof api.profile.$get, 200>;

// Keyed by account, so another account's profile is never shown from the cache.
const useProfileKey = () => ['profile', useSession().user?.id ?? null] as const;

/** The user's profile (the form's defaults before they first save one) and their personal page's address. */
export function useProfile() {
  return useQuery({ queryKey: useProfileKey(), queryFn: () => readJson(api.profile.$get()) });
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
