// First: zod's configuration, before zod first parses (zod-jitless.ts).
import './zod-jitless';
import { startTransition, StrictMode } from 'react';
import type { ErrorInfo } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { loadPublicConfig } from './api/public-config';
import { App, routes } from './app/app';
import { ConfigurationErrorPage } from './app/configuration-error-page';
import { createQueryClient } from './app/create-query-client';
import { hydratePageData } from './app/page-data';
import { notify } from './components/notify';
import { Toaster } from './components/toaster';
import { readCalculationDraft } from './features/calculator/calculation-draft';
import './styles.css';

const container = document.getElementById('root')!;
const queryClient = createQueryClient();
// The pages people land on come drawn by the server, with the queries it drew them with (render-page.tsx).
const serverRendered = hydratePageData(queryClient, document);

/**
 * A hydration mismatch is a bug (the server and the browser drew different pages): React recovers
 * by drawing the page again in the browser, and says so here, where the end-to-end tests fail on it.
 */
function reportRecoverableError(error: unknown, info: ErrorInfo) {
  console.error('React recovered from an error (a hydration mismatch?):', error, info.componentStack ?? '');
}

/**
 * What the browser would draw differently from the server, so the page is drawn anew instead of
 * hydrated: a calculation kept in this tab through sign-in, or a user type carried in the history
 * entry's state (a reload after 'as a wholesaler'); the server knows neither.
 */
function browserOnlyState(): boolean {
  const state: unknown = window.history.state;
  const userState = typeof state === 'object' && state !== null && 'usr' in state ? state.usr : null;
  return readCalculationDraft() !== null || (typeof userState === 'object' && userState !== null);
}

/** Loads the lazily loaded route modules of the current page, so the router's first render is the page, not its fallback. */
async function loadCurrentRouteModules() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

// react-dom's client, the largest part of a page's code, is evaluated in a task of its own: the
// browser runs a module and everything it imports statically in one task, and the whole entry
// held a phone's main thread for 140 ms (Lighthouse's total blocking time on /). index.html
// preloads it beside the entry (vite.config.ts, startChunks), so it does not wait for the entry to run.
const loadReactDom = () => import('react-dom/client');

async function start() {
  const reactDom = loadReactDom();
  const config = await loadPublicConfig();
  if (serverRendered) await loadCurrentRouteModules();
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <App config={config} queryClient={queryClient}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  );
  // Hydrated in a transition, so React yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page: an urgent hydration is one long task (Lighthouse's
  // total blocking time: 110 ms on /). A page the browser draws is drawn at once: nothing is on
  // screen until it is.
  const { createRoot, hydrateRoot } = await reactDom;
  if (serverRendered && !browserOnlyState())
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: reportRecoverableError });
    });
  else createRoot(container).render(app);
}

start().catch(async (error: unknown) => {
  console.error('Failed to initialize configuration', error);
  const { createRoot } = await loadReactDom();
  createRoot(container).render(
    <StrictMode>
      <ConfigurationErrorPage message={error instanceof Error ? error.message : String(error)} />
      <Toaster />
    </StrictMode>,
  );
  notify.error('Configuration error. Please check settings in your dashboard.');
  // The page is the browser's now (as App marks it once hydrated): the end-to-end tests wait for this.
  document.documentElement.dataset.hydrated = '';
});
