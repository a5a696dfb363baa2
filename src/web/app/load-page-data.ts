import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { ApiClient } from '../api/api-client';
import { calculatorReferenceDataQuery } from '../features/calculator/use-calculator-reference-data';
import {
  isNotFound,
  publicOfferQuery,
  wholesalerBrandingQuery,
  type WholesalerBranding,
} from '../features/offer-answer/offer-answer-api';

/** What loading a page's data decided about its answer: its status, or a redirect to its current address. */
export interface PageDataOutcome {
  status: number;
  redirect?: string;
}

/**
 * Fetches into `queryClient` the queries a server-rendered page draws with (through `client`,
 * which answers in-process on the server): the calculator's templates and repairs, an offer
 * link's offer, a personal page's wholesaler. The page is then drawn whole, and the browser's
 * first render finds the same answers in its cache. Tried once: a page waits for no retry.
 */
export async function loadPageData(
  queryClient: QueryClient,
  pathname: string,
  client: ApiClient,
): Promise<PageDataOutcome> {
  const offerPage = matchPath('/offer/:token', pathname);
  if (offerPage) {
    const query = publicOfferQuery(offerPage.params.token ?? '', client);
    await queryClient.prefetchQuery({ ...query, retry: false });
    return { status: isNotFound(queryClient.getQueryState(query.queryKey)?.error) ? 404 : 200 };
  }
  const calculator = () => queryClient.prefetchQuery({ ...calculatorReferenceDataQuery(client), retry: false });
  const personalPage = matchPath('/c/:handle', pathname);
  if (personalPage) {
    const handle = personalPage.params.handle ?? '';
    const query = wholesalerBrandingQuery(handle, client);
    await Promise.all([queryClient.prefetchQuery({ ...query, retry: false }), calculator()]);
    const branding: WholesalerBranding | undefined = queryClient.getQueryData(query.queryKey);
    // A handle its owner renamed away from (or typed in capitals) answers at the page's current address.
    if (branding && branding.handle !== handle.toLowerCase()) return { status: 302, redirect: `/c/${branding.handle}` };
    return { status: isNotFound(queryClient.getQueryState(query.queryKey)?.error) ? 404 : 200 };
  }
  if (pathname === '/') await calculator();
  return { status: 200 };
}
