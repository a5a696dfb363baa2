import { QueryClient } from '@tanstack/react-query';
import { retryUnlessRefused } from '../api/api-client';

/** The app's query cache with its defaults: one per tab in the browser, one per page the server renders. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: retryUnlessRefused, refetchOnWindowFocus: false } },
  });
}
