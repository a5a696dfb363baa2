// The server's render of the public pages (built by Vite for Node: scripts/build-page-renderer.mjs;
// called by src/server/web-assets.ts). The same routes and components as the browser's app, drawn
// with React Router's static handler and React's streaming render, with their data: the browser
// hydrates them (main.tsx) from the queries sent along, without fetching them again.
import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { hc } from 'hono/client';
import type { ApiRoutes } from '../server/app';
import type { PublicConfig } from './api/public-config';
import { App, routes } from './app/app';
import { createQueryClient } from './app/create-query-client';
import { loadPageData } from './app/load-page-data';
import { dehydratePageData } from './app/page-data';
import { pageMeta } from './app/page-meta';

/**
 * The routes drawn on the server, as the router names them: the pages people land on signed out,
 * and the two signed-in pages wholesalers open most (drawn with their session and first screen).
 */
const SERVER_RENDERED_ROUTES = new Set([
  '/',
  'wholesalers',
  'login',
  'register',
  'offer/:token',
  'c/:handle',
  'saved',
  'leads',
]);

const handler = createStaticHandler(routes);

export interface RenderPageInput {
  /** The page's request (its URL decides the page). */
  request: Request;
  config: PublicConfig;
  /** Answers an /api request in-process, as the server would answer the browser (with the page request's cookie). */
  fetchApi: (request: Request) => Promise<Response>;
}

export type RenderedPage =
  | { status: number; redirect: string }
  | {
      status: number;
      /** The contents of the page's root element, rendered completely (no Suspense fallback left to stream in). */
      body: ReadableStream<Uint8Array>;
      /** The queries the page was drawn with, for the browser's cache. */
      pageData: DehydratedState;
      title: string;
      description: string;
    };

/** Whether the server draws the page at `pathname` (otherwise the browser does, from the app's shell). */
export function isServerRendered(pathname: string): boolean {
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
  return leaf !== undefined && SERVER_RENDERED_ROUTES.has(leaf.index ? '/' : (leaf.path ?? ''));
}

/** The page for `request`, or null when the server does not draw it (or leaves it to the browser: signed out on /saved). */
export async function renderPage({ request, config, fetchApi }: RenderPageInput): Promise<RenderedPage | null> {
  const url = new URL(request.url);
  if (!isServerRendered(url.pathname)) return null;
  const queryClient = createQueryClient();
  // Tried once: a page waits for no retry.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const fetchInProcess = (input: RequestInfo | URL, init?: RequestInit) =>
    fetchApi(new Request(input instanceof Request ? input : new URL(input, url), init));
  const client = hc<ApiRoutes>(new URL('/api', url).href, { fetch: fetchInProcess });
  // The router loads the page's lazy route module while the data is fetched.
  const [context, outcome] = await Promise.all([
    handler.query(request),
    loadPageData(queryClient, url, client, fetchInProcess),
  ]);
  if (outcome.drawnByBrowser) return null;
  if (outcome.redirect) return { status: outcome.status, redirect: outcome.redirect };
  if (context instanceof Response) throw new Error(`the router answered ${url.pathname} with a response`);
  const router = createStaticRouter(handler.dataRoutes, context);
  let failure: unknown;
  const body = await renderToReadableStream(
    <StrictMode>
      <App config={config} queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
    </StrictMode>,
    {
      onError(error) {
        failure ??= error;
      },
    },
  );
  // Whole before it is sent: a page readable without JavaScript, and no inline script to reveal
  // streamed parts (the Content-Security-Policy allows none).
  await body.allReady;
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  const status = context.statusCode !== 200 ? context.statusCode : outcome.status;
  return { status, body, pageData: dehydratePageData(queryClient), ...pageMeta(url.pathname) };
}
