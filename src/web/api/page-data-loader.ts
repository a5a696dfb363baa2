import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { sessionQuery, type SessionUser } from './use-session';

/**
 * What a page the server draws is loaded with: a fresh query cache to fill, the page's URL and
 * route parameters, and a typed client and a `fetch` that answer in-process on the server with the
 * page request's cookie (src/web/render-page.tsx).
 */
export interface PageDataContext {
  queryClient: QueryClient;
  url: URL;
  params: Readonly<Record<string, string | undefined>>;
  client: ApiClient;
  fetchApi: typeof fetch;
}

/**
 * What loading a page's data decided about its answer: its status, or a redirect to its current
 * address, or that the browser draws it (a signed-in page asked for by someone signed out: the
 * browser's RequireUser sends them to sign in, remembering where they were going).
 */
export interface PageDataOutcome {
  status: number;
  redirect?: string;
  drawnByBrowser?: true;
}

/**
 * Fetches into the context's query cache the queries a server-drawn page draws with, so the page
 * is drawn whole and the browser's first render finds the same answers in its cache. Tried once
 * (the renderer's query client retries nothing: a page waits for no retry).
 */
export type PageDataLoader = (context: PageDataContext) => Promise<PageDataOutcome>;

/**
 * The loader of a signed-in page: its session, then its first screen's queries. Signed out, the
 * page is left to the browser.
 */
export function signedInPageData(
  firstScreen: (context: PageDataContext, user: SessionUser) => Promise<unknown>[],
): PageDataLoader {
  return async (context) => {
    const user = await context.queryClient.fetchQuery(sessionQuery(context.fetchApi)).catch(() => null);
    if (!user) return { status: 200, drawnByBrowser: true };
    await Promise.all(firstScreen(context, user));
    return { status: 200 };
  };
}
