import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { ApiClient } from '../api/api-client';
import { sessionQuery, type SessionUser } from '../api/use-session';
import { subscriptionQuery } from '../api/use-subscription';
import { workspaceQuery } from '../api/use-workspace';
import { calculatorReferenceDataQuery } from '../features/calculator/use-calculator-reference-data';
import { sheetsSettingsQuery } from '../features/integrations/sheets-settings-api';
import { leadsInboxQuery } from '../features/leads/leads-api';
import { readLeadsFilter } from '../features/leads/leads-filter-params';
import { profileQuery } from '../features/profile/profile-api';
import { savedPropertiesQuery } from '../features/saved/saved-properties-api';
import {
  isNotFound,
  publicOfferQuery,
  wholesalerBrandingQuery,
  type WholesalerBranding,
} from '../features/offer-answer/offer-answer-api';

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

/** What each signed-in page the server draws is drawn with, besides the session: its first screen's queries. */
const SIGNED_IN_PAGE_QUERIES: Readonly<
  Record<string, (queryClient: QueryClient, user: SessionUser, client: ApiClient, url: URL) => Promise<unknown>[]>
> = {
  '/saved': (queryClient, user, client) => [
    queryClient.prefetchQuery(subscriptionQuery(client)),
    queryClient.prefetchInfiniteQuery(savedPropertiesQuery(client)),
    queryClient.prefetchQuery(workspaceQuery(user.id, client)),
    // Each card's spreadsheet export says at once whether a spreadsheet is connected.
    queryClient.prefetchQuery(sheetsSettingsQuery(client)),
  ],
  '/leads': (queryClient, user, client, url) => [
    queryClient.prefetchInfiniteQuery(leadsInboxQuery(user.id, readLeadsFilter(url.searchParams), client)),
    queryClient.prefetchQuery(profileQuery(user.id, client)),
    queryClient.prefetchQuery(workspaceQuery(user.id, client)),
  ],
};

/**
 * Fetches into `queryClient` the queries a server-rendered page draws with (through `client` and
 * `fetchApi`, which answer in-process on the server with the page request's cookie): the
 * calculator's templates and repairs, an offer link's offer, a personal page's wholesaler, a
 * signed-in page's session and first screen. The page is then drawn whole, and the browser's
 * first render finds the same answers in its cache. Tried once (the renderer's query client
 * retries nothing: a page waits for no retry).
 */
export async function loadPageData(
  queryClient: QueryClient,
  url: URL,
  client: ApiClient,
  fetchApi: typeof fetch,
): Promise<PageDataOutcome> {
  const { pathname } = url;
  const signedInPageQueries = SIGNED_IN_PAGE_QUERIES[pathname.replace(/(.)\/+$/, '$1')];
  if (signedInPageQueries) {
    const user = await queryClient.fetchQuery(sessionQuery(fetchApi)).catch(() => null);
    if (!user) return { status: 200, drawnByBrowser: true };
    await Promise.all(signedInPageQueries(queryClient, user, client, url));
    return { status: 200 };
  }
  const offerPage = matchPath('/offer/:token', pathname);
  if (offerPage) {
    const query = publicOfferQuery(offerPage.params.token ?? '', client);
    await queryClient.prefetchQuery(query);
    return { status: isNotFound(queryClient.getQueryState(query.queryKey)?.error) ? 404 : 200 };
  }
  const calculator = () => queryClient.prefetchQuery(calculatorReferenceDataQuery(client));
  const personalPage = matchPath('/c/:handle', pathname);
  if (personalPage) {
    const handle = personalPage.params.handle ?? '';
    const query = wholesalerBrandingQuery(handle, client);
    await Promise.all([queryClient.prefetchQuery(query), calculator()]);
    const branding: WholesalerBranding | undefined = queryClient.getQueryData(query.queryKey);
    // A handle its owner renamed away from (or typed in capitals) answers at the page's current address.
    if (branding && branding.handle !== handle.toLowerCase()) return { status: 302, redirect: `/c/${branding.handle}` };
    return { status: isNotFound(queryClient.getQueryState(query.queryKey)?.error) ? 404 : 200 };
  }
  if (pathname === '/') await calculator();
  return { status: 200 };
}
