import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, readJson, type ApiClient } from './api-client';
import { LIVE_DATA_STALE_TIME_MS } from './change-feed';

// Shared with the saved list and the live change feed, which invalidate it: plan changes made elsewhere show up without a reload (§4).
export const subscriptionKey = ['subscription'] as const;

/** The signed-in user's plan, saved count and limit (through `client`: the server draws /saved with its own). */
export function subscriptionQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: subscriptionKey,
    queryFn: () => readJson(client.subscription.$get()),
    staleTime: LIVE_DATA_STALE_TIME_MS,
  });
}

/** subscriptionQuery, only fetched when `enabled` (signed in). */
export function useSubscription(enabled: boolean) {
  return useQuery({ ...subscriptionQuery(), enabled });
}

/** Choosing Free on the pricing page sets the plan to free and clears the period end (§4). */
export function useSwitchToFreePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => readJson(api.subscription.free.$post()),
    onSuccess: (status) => queryClient.setQueryData(subscriptionKey, status),
  });
}
