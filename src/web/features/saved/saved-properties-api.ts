import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../api/api-client';
import { LIVE_DATA_STALE_TIME_MS } from '../../api/change-feed';

export const savedPropertiesKey = ['saved-properties'] as const;

export type SavedProperty = InferResponseType<typeof api.properties.$get, 200>['properties'][number];

const PAGE_SIZE = 100;

/** The signed-in user's saved properties, newest first, loaded a page at a time. */
export const savedPropertiesQuery = infiniteQueryOptions({
  queryKey: savedPropertiesKey,
  queryFn: ({ pageParam }) =>
    readJson(api.properties.$get({ query: { limit: String(PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) } })),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
  staleTime: LIVE_DATA_STALE_TIME_MS,
});

export function useSavedProperties() {
  return useInfiniteQuery(savedPropertiesQuery);
}
