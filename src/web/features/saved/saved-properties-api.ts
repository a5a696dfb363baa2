import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { SavePropertyRequest } from '#domain/properties/save-property-request.ts';
import { invalidateAccountData, savedPropertiesKey } from '#web/api/account-data.ts';
import { api, readJson, type ApiClient } from '#web/api/api-client.ts';
import { LIVE_DATA_STALE_TIME_MS } from '#web/api/change-feed.ts';
import type { MutationCallbacks } from '#web/api/mutation-callbacks.ts';

export type SavedProperty = InferResponseType<typeof api.properties.$get, 200>['properties'][number];

const PAGE_SIZE = 100;

/** The signed-in user's saved properties, newest first, loaded a page at a time (through `client`: the server draws /saved with its own). */
export function savedPropertiesQuery(client: ApiClient = api) {
  return infiniteQueryOptions({
    queryKey: savedPropertiesKey,
    queryFn: ({ pageParam }) =>
      readJson(
        client.properties.$get({ query: { limit: String(PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) } }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: LIVE_DATA_STALE_TIME_MS,
  });
}

export function useSavedProperties() {
  return useInfiniteQuery(savedPropertiesQuery());
}

/** Saves a calculation with its contact; the saved list and the plan's count refetch. */
export function useSaveProperty({ onSuccess, onError }: MutationCallbacks<string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SavePropertyRequest) => readJson(api.properties.$post({ json: request })),
    onSuccess: async ({ property }) => {
      void invalidateAccountData(queryClient);
      await onSuccess?.(property.id);
    },
    onError,
  });
}

/** One saved property as it is now, with its earlier versions (newest first); under the saved list's key, so a save refetches it. */
export function savedPropertyQuery(id: string) {
  return queryOptions({
    queryKey: [...savedPropertiesKey, 'one', id],
    queryFn: () => readJson(api.properties[':id'].$get({ param: { id } })),
  });
}

/** Saves a saved property again with a changed calculation (its figures before are kept as a version). */
export function useUpdateSavedProperty(id: string, { onSuccess, onError }: MutationCallbacks<string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SavePropertyRequest) =>
      readJson(api.properties[':id'].$put({ param: { id }, json: request })),
    onSuccess: async ({ property }) => {
      void invalidateAccountData(queryClient);
      await onSuccess?.(property.id);
    },
    onError,
  });
}

/** Saves the calculator's figures for a lead as a saved property, the lead's deal from then on (issue 42 §4). */
export function useSaveLeadCalculation(leadId: string, { onSuccess, onError }: MutationCallbacks<string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (calculation: SavePropertyRequest) =>
      readJson(api['leads-inbox'][':id']['save-calculation'].$post({ param: { id: leadId }, json: calculation })),
    onSuccess: async ({ property }) => {
      void invalidateAccountData(queryClient);
      // The lead now names its saved property.
      void queryClient.invalidateQueries({ queryKey: ['leads'] });
      await onSuccess?.(property.id);
    },
    onError,
  });
}

/** Deletes a saved property (the server allows it on Pro only); the saved list and the plan's count refetch. */
export function useDeleteSavedProperty({ onSuccess, onError }: MutationCallbacks<void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => readJson(api.properties[':id'].$delete({ param: { id } })),
    onSuccess: () => {
      void invalidateAccountData(queryClient);
      onSuccess?.();
    },
    onError,
  });
}
