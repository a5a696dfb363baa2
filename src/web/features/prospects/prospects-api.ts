import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { useEffect } from 'react';
import type { ProspectChannel, PromoteProspectInput } from '#domain/prospects/prospect-requests.ts';
import type { ProspectStatus, ProspectTouchKind } from '#domain/prospects/prospect-touch.ts';
import { api, readJson } from '#web/api/api-client.ts';
import { LIVE_DATA_STALE_TIME_MS, refetchChanged, subscribeToChanges } from '#web/api/change-feed.ts';
import { useSession } from '#web/api/use-session.ts';

/** Every prospects query starts with this key. */
export const prospectsKey = ['prospects'] as const;

type ProspectsRoutes = (typeof api)['prospects'];
export type ProspectSummary = InferResponseType<ProspectsRoutes['$get'], 200>['prospects'][number];
export type ProspectDetail = InferResponseType<ProspectsRoutes[':id']['$get'], 200>;
export type SendSummary = InferResponseType<ProspectsRoutes['sends'][':id']['summary']['$get'], 200>;

export interface ProspectsFilter {
  /** One send's prospects, or null for all of them. */
  sendId: string | null;
  /** Name or address, as typed (the server trims it); '' for all. */
  search: string;
  status: ProspectStatus | null;
  touch: ProspectTouchKind | null;
  channel: ProspectChannel | null;
}

const useAccountKey = () => [...prospectsKey, useSession().user?.id ?? null] as const;

/** Read again when an owner answers (a new lead) or a follow-up moves, from any tab or member. */
export function useProspectsLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeToChanges(({ table }) => {
        if (table === null || table === 'leads' || table === 'follow_ups')
          void refetchChanged(queryClient, prospectsKey);
      }),
    [queryClient],
  );
}

/** The workspace's sends, newest first, for the send picker. */
export function useSends() {
  return useQuery({
    queryKey: [...useAccountKey(), 'sends'],
    queryFn: () => readJson(api.prospects.sends.$get()),
    staleTime: LIVE_DATA_STALE_TIME_MS,
  });
}

/** What one send earned: owners reached, e-mailed, bounced, unsubscribed, answered, answer rate. */
export function useSendSummary(sendId: string | null) {
  return useQuery({
    queryKey: [...useAccountKey(), 'summary', sendId],
    queryFn: () => readJson(api.prospects.sends[':id'].summary.$get({ param: { id: sendId ?? '' } })),
    enabled: sendId !== null,
    staleTime: LIVE_DATA_STALE_TIME_MS,
  });
}

/** The prospects matching the filter, in address order, a server page (50) at a time. */
function prospectsQuery(accountKey: readonly unknown[], filter: ProspectsFilter) {
  const search = filter.search.trim();
  return infiniteQueryOptions({
    queryKey: [...accountKey, 'list', filter.sendId, search, filter.status, filter.touch, filter.channel],
    queryFn: ({ pageParam }) =>
      readJson(
        api.prospects.$get({
          query: {
            ...(filter.sendId ? { sendId: filter.sendId } : {}),
            ...(search ? { q: search } : {}),
            ...(filter.status ? { status: filter.status } : {}),
            ...(filter.touch ? { touch: filter.touch } : {}),
            ...(filter.channel ? { channel: filter.channel } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: LIVE_DATA_STALE_TIME_MS,
  });
}

export function useProspects(filter: ProspectsFilter) {
  return useInfiniteQuery(prospectsQuery(useAccountKey(), filter));
}

/** One prospect with its touches and sends. */
export function useProspect(id: string | null) {
  return useQuery({
    queryKey: [...useAccountKey(), 'detail', id],
    queryFn: () => readJson(api.prospects[':id'].$get({ param: { id: id ?? '' } })),
    enabled: id !== null,
  });
}

/** Promotes a prospect to a lead after a call; the lists are read again. */
export function usePromoteProspect(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PromoteProspectInput) =>
      readJson(api.prospects[':id'].promote.$post({ param: { id }, json: request })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: prospectsKey }),
  });
}
