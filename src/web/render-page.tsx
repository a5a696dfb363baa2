// The server's render of the public pages (built by Vite for Node: scripts/build-page-renderer.mjs;
// called by src/server/web-assets.ts). The same routes and components as the browser's app, drawn
// with React Router's static handler and React's streaming render, with their data: the browser
// hydrates them (main.tsx) from the queries sent along, without fetching them again.
import type { DehydratedState } from '@tanstack/react-query';
import { hc } from 'hono/client';
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { ApiRoutes } from '#server/app.ts';
import type { PageDataOutcome } from './api/page-data-loader';
import type { PublicConfig } from './api/public-config';
import { App, routes } from './app/app';
import { createQueryClient } from './app/create-query-client';
import { dehydratePageData } from './app/page-data';
import { pageAt, pageDataLoader } from './app/page-route';

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

/** The page at `pathname` when the server draws it (otherwise the browser does, from the app's shell). */
function serverDrawnPageAt(pathname: string) {
  const match = pageAt(routes, pathname);
  return match?.page.drawnBy === 'server' ? match : null;
}

/**
 * The module of the page at `pathname` that the server preloads with it (src/server/page-preloads.ts),
 * as Vite's manifest names it: a lazily loaded page the server draws, where people land.
 */
export function pagePreloadModule(pathname: string): string | null {
  return serverDrawnPageAt(pathname)?.page.module ?? null;
}

/** The page for `request`, or null when the server does not draw it (or leaves it to the browser: signed out on /saved). */
export async function renderPage({ request, config, fetchApi }: RenderPageInput): Promise<RenderedPage | null> {
  const url = new URL(request.url);
  const match = serverDrawnPageAt(url.pathname);
  if (!match) return null;
  const { page, params } = match;
  const queryClient = createQueryClient();
  // Tried once: a page waits for no retry.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const fetchInProcess = (input: RequestInfo | URL, init?: RequestInit) =>
    fetchApi(new Request(input instanceof Request ? input : new URL(input, url), init));
  const client = hc<ApiRoutes>(new URL('/api', url).href, { fetch: fetchInProcess });
  // The router loads the page's lazy route module while the data is fetched.
  const loadData = async (): Promise<PageDataOutcome> => {
    const loader = await pageDataLoader(page);
    return loader ? loader({ queryClient, url, params, client, fetchApi: fetchInProcess }) : { status: 200 };
  };
  const [context, outcome] = await Promise.all([handler.query(request), loadData()]);
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
  return { status, body, pageData: dehydratePageData(queryClient), ...page.meta };
}
