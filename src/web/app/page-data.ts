import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-client';

/**
 * The id of the JSON script element in which the server sends the queries it rendered a page
 * with (src/server/web-assets.ts writes it; its presence means the page was drawn by the server).
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** An ApiError as JSON: an Error's own fields are not enumerable, and the page tells a 404 from a failure by them. */
interface SentApiError {
  apiError: { message: string; status: number; field?: string; code?: string; details: Record<string, unknown> };
}

function isSentApiError(value: unknown): value is SentApiError {
  return typeof value === 'object' && value !== null && 'apiError' in value;
}

/**
 * The queries the server rendered a page with, as JSON-ready data: the answers and the refusals
 * too (an unknown offer's 404), so the browser's first render draws what the server drew.
 */
export function dehydratePageData(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status !== 'pending',
    shouldRedactErrors: () => false,
  });
  return {
    ...state,
    queries: state.queries.map((query) => {
      const { error } = query.state;
      if (!(error instanceof ApiError)) return query;
      const { message, status, field, code, details } = error;
      const sent: SentApiError = { apiError: { message, status, field, code, details } };
      return { ...query, state: { ...query.state, error: sent as unknown as Error } };
    }),
  };
}

/** Puts what the server sent with the page into `queryClient`; false when the page was not drawn by the server. */
export function hydratePageData(queryClient: QueryClient, document: Document): boolean {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return false;
  const state = JSON.parse(text) as DehydratedState;
  hydrate(queryClient, {
    ...state,
    queries: state.queries.map((query) => {
      const error: unknown = query.state.error;
      if (!isSentApiError(error)) return query;
      const { message, status, field, code, details } = error.apiError;
      return { ...query, state: { ...query.state, error: new ApiError(message, status, field, code, details) } };
    }),
  });
  return true;
}
