import type { QueryClient } from '@tanstack/react-query';
import { subscriptionQuery } from '../api/use-subscription';
import { savedPropertiesQuery } from '../features/saved/saved-properties-api';

// The live-fed queries a signed-in page's HTML may preload (src/server/page-preloads.ts), by API path.
const PRELOADABLE: Readonly<Record<string, (queryClient: QueryClient) => Promise<void>>> = {
  '/api/subscription': (queryClient) => queryClient.prefetchQuery(subscriptionQuery),
  '/api/properties': (queryClient) => queryClient.prefetchInfiniteQuery(savedPropertiesQuery),
};

/**
 * Reads into the cache, as the app starts, the live-fed data the page's HTML preloaded (each
 * query's own fetch takes the browser's preloaded answer). Read later by the page, that answer
 * could arrive after the live feed's connect-time refresh and then stay stale; read now, it is
 * older than the feed's connection, which refreshes it.
 */
export function claimPreloadedPageData(queryClient: QueryClient) {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]'))
    void PRELOADABLE[new URL(link.href).pathname]?.(queryClient);
}
