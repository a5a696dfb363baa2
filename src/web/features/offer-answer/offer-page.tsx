import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { offerLetterUrl } from '#domain/offer/offer-token.ts';
import type { PageDataLoader } from '#web/api/page-data-loader.ts';
import { OfferAnswer } from './offer-answer';
import { answerOffer, isNotFound, publicOfferQuery } from './offer-answer-api';
import { OfferSummary } from './offer-summary';
import { WholesalerHeader, WholesalerHeaderPlaceholder } from './wholesaler-header';
import './offer-answer.css';

/**
 * `/offer/{token}`: one wholesaler's offer to one homeowner, answerable without signing in.
 * An unknown or edited token is 'Offer not found'; an expired offer asks for a new one.
 */
export function OfferPage() {
  const token = useParams().token ?? '';
  const intent = useSearchParams()[0].get('intent');
  const offer = useQuery(publicOfferQuery(token));

  if (offer.isPending) {
    return (
      <>
        <WholesalerHeaderPlaceholder />
        <main id="main" className="site-main" aria-busy="true">
          <section className="page narrow">
            <p className="loading" role="status">
              Loading your offer...
            </p>
          </section>
        </main>
      </>
    );
  }
  if (offer.isError) {
    return (
      <>
        <WholesalerHeaderPlaceholder />
        <main id="main" className="site-main">
          <section className="page narrow">
            {isNotFound(offer.error) ? (
              <>
                <h1>Offer not found</h1>
                <p>This link does not open an offer. Check that it was copied completely, or ask for it again.</p>
              </>
            ) : (
              <>
                <h1>Your cash offer</h1>
                <p role="alert">We could not load this offer. Please try again.</p>
                <button type="button" className="button button-primary" onClick={() => void offer.refetch()}>
                  Try again
                </button>
              </>
            )}
          </section>
        </main>
      </>
    );
  }

  const { wholesaler } = offer.data;
  return (
    <>
      <WholesalerHeader {...wholesaler} />
      <main id="main" className="site-main">
        <section className="page narrow offer-page" aria-labelledby="offer-page-title">
          <h1 id="offer-page-title">Your cash offer from {wholesaler.displayName}</h1>
          <div className="card offer-result">
            <h2 className="card-title">Your Cash Offer Range</h2>
            <OfferSummary offer={offer.data} />
            {/* The page is drawn by the server, readable without JavaScript; the answer forms are not. */}
            <noscript>
              <p className="offer-noscript">
                To answer this offer here, turn on JavaScript in your browser
                {wholesaler.phone ? `, or call ${wholesaler.displayName} at ${wholesaler.phone}` : ''}.
              </p>
            </noscript>
            <OfferAnswer
              offer={offer.data}
              wholesalerName={wholesaler.displayName}
              expired={offer.data.expired}
              recipient={offer.data.recipient}
              intent={intent === 'accept' || intent === 'negotiate' ? intent : null}
              send={(answer) => answerOffer(token, answer)}
            />
            {!offer.data.expired && (
              <p className="offer-letter-link">
                <a href={offerLetterUrl('', encodeURIComponent(token))} download>
                  Download this offer as a letter (PDF)
                </a>
              </p>
            )}
          </div>
        </section>
      </main>
    </>
  );
}

/** What the server draws an offer link with: its offer, or its 404 ('Offer not found'). */
export const loadOfferPageData: PageDataLoader = async ({ queryClient, client, params }) => {
  const query = publicOfferQuery(params.token ?? '', client);
  await queryClient.prefetchQuery(query);
  return { status: isNotFound(queryClient.getQueryState(query.queryKey)?.error) ? 404 : 200 };
};
