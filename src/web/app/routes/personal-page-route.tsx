import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router';
import type { CalculatedOffer } from '#domain/offer/calculated-offer.ts';
import type { HomeownerView } from '#domain/offer/homeowner-view.ts';
import type { PageDataLoader } from '#web/api/page-data-loader.ts';
import { CalculatorPage } from '#web/features/calculator/calculator-page.tsx';
import type { CalculatorSlots } from '#web/features/calculator/calculator-slots.ts';
import { calculatorReferenceDataQuery } from '#web/features/calculator/use-calculator-reference-data.ts';
import {
  isNotFound,
  wholesalerBrandingQuery,
  type WholesalerBranding,
} from '#web/features/offer-answer/offer-answer-api.ts';
import { PersonalPageOfferAnswer } from '#web/features/offer-answer/personal-page-offer-answer.tsx';
import { WholesalerHeader, WholesalerHeaderPlaceholder } from '#web/features/offer-answer/wholesaler-header.tsx';
import '#web/features/offer-answer/offer-answer.css';

/** The calculator's slots for one page: the answer to its offers goes to that wholesaler. */
function personalPageSlots(handle: string, displayName: string, homeownerView?: HomeownerView): CalculatorSlots {
  return {
    homeownerView,
    OfferActions: ({ offer }: { offer: CalculatedOffer }) => (
      <PersonalPageOfferAnswer handle={handle} wholesalerName={displayName} offer={offer} />
    ),
    preloadOfferActions: () => undefined,
    WholesalerTools: () => null,
    MoreTemplates: () => null,
  };
}

/** `/c/{handle}`: the homeowner calculator of one wholesaler; every answer to its offers is theirs. */
export function PersonalPageRoute() {
  const handle = useParams().handle ?? '';
  const branding = useQuery(wholesalerBrandingQuery(handle));
  const displayName = branding.data?.displayName ?? '';
  // Made once per page, so that an offer's answer keeps its state across renders.
  const homeownerView = branding.data?.homeownerView;
  const slots = useMemo(
    () => personalPageSlots(handle, displayName, homeownerView),
    [handle, displayName, homeownerView],
  );

  // A handle its owner renamed away from still answers for them: show their page at its current address.
  if (branding.isSuccess && branding.data.handle !== handle.toLowerCase()) {
    return <Navigate to={`/c/${branding.data.handle}`} replace />;
  }

  if (!branding.isSuccess) {
    return (
      <>
        <WholesalerHeaderPlaceholder />
        <main id="main" className="site-main" aria-busy={branding.isPending}>
          <section className="page narrow">
            {branding.isPending && (
              <p className="loading" role="status">
                Loading calculator...
              </p>
            )}
            {isNotFound(branding.error) && (
              <>
                <h1>Page not found</h1>
                <p>There is no calculator at this address. Check the link you were given.</p>
              </>
            )}
            {branding.isError && !isNotFound(branding.error) && (
              <>
                <h1>Get a cash offer</h1>
                <p role="alert">We could not load this calculator. Please try again.</p>
                <button type="button" className="button button-primary" onClick={() => void branding.refetch()}>
                  Try again
                </button>
              </>
            )}
          </section>
        </main>
      </>
    );
  }

  return (
    <>
      <WholesalerHeader {...branding.data} />
      <main id="main" className="site-main">
        <CalculatorPage
          slots={slots}
          homeownerOnly
          intro={{
            title: 'Calculate Your Cash Offer',
            lead: `See the cash offer ${displayName} can make for your property, instantly and before giving any contact information. No obligation.`,
          }}
        />
      </main>
    </>
  );
}

/** What the server draws `/c/{handle}` with: the wholesaler and the calculator's templates and repairs. */
export const loadPersonalPageData: PageDataLoader = async ({ queryClient, client, params }) => {
  const handle = params.handle ?? '';
  const query = wholesalerBrandingQuery(handle, client);
  await Promise.all([
    queryClient.prefetchQuery(query),
    queryClient.prefetchQuery(calculatorReferenceDataQuery(client)),
  ]);
  const branding: WholesalerBranding | undefined = queryClient.getQueryData(query.queryKey);
  // A handle its owner renamed away from (or typed in capitals) answers at the page's current address.
  if (branding && branding.handle !== handle.toLowerCase()) return { status: 302, redirect: `/c/${branding.handle}` };
  return { status: isNotFound(queryClient.getQueryState(query.queryKey)?.error) ? 404 : 200 };
};
