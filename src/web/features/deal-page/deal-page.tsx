import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { formatMoney } from '#domain/money/format-money.ts';
import { ApiError } from '#web/api/api-client.ts';
import type { PageDataLoader } from '#web/api/page-data-loader.ts';
import { FactList, type Fact } from '#web/components/fact-list.tsx';
import { BuyerOfferForm } from './buyer-offer-form';
import { dealPageQuery, dealPhotoUrl, type DealPageData } from './deal-page-api';
import './deal-page.css';

// A calendar date in UTC and en-US: the same text on the server and in the browser.
const calendarDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dateText = (date: string) => calendarDate.format(new Date(`${date}T00:00:00Z`));

function DealHeader({ wholesaler }: { wholesaler: DealPageData['wholesaler'] }) {
  return (
    <header className="site-header">
      <div className="site-nav wholesaler-header">
        <p className="brand">
          <span className="brand-mark" aria-hidden="true">
            {(wholesaler?.displayName ?? 'D').slice(0, 1).toUpperCase()}
          </span>
          <span>{wholesaler ? wholesaler.company || wholesaler.displayName : 'A deal under contract'}</span>
        </p>
        {wholesaler?.phone && (
          <a className="wholesaler-phone" href={`tel:${wholesaler.phone.replace(/[^\d+]/g, '')}`}>
            Call {wholesaler.phone}
          </a>
        )}
      </div>
    </header>
  );
}

/** The page's words when the link opens no deal: unknown or edited (404), or past its 30 days (410). */
function DealUnavailable({ error, retry }: { error: unknown; retry: () => void }) {
  const status = error instanceof ApiError ? error.status : 0;
  return (
    <>
      <DealHeader wholesaler={null} />
      <main id="main" className="site-main">
        <section className="page narrow">
          {status === 410 ? (
            <>
              <h1>This deal link has expired</h1>
              <p>Deal links open for 30 days. Ask the wholesaler who sent it for a new one.</p>
            </>
          ) : status === 404 ? (
            <>
              <h1>Deal not found</h1>
              <p>This link does not open a deal. Check that it was copied completely, or ask for it again.</p>
            </>
          ) : (
            <>
              <h1>A deal under contract</h1>
              <p role="alert">We could not load this deal. Please try again.</p>
              <button type="button" className="button button-primary" onClick={retry}>
                Try again
              </button>
            </>
          )}
        </section>
      </main>
    </>
  );
}

/**
 * `/deal/{token}`: one buyer's own page of a deal under contract (issue 39 §4), drawn by the
 * server and never indexed: photos, address, asking price, ARV and its sales, repairs, access
 * notes, earnest money and closing date, and the buyer's offer with proof of funds. No seller figure
 * reaches it (the server never reads them for it).
 */
export function DealPage() {
  const token = useParams().token ?? '';
  const deal = useQuery(dealPageQuery(token));
  const [offering, setOffering] = useState(false);
  if (deal.isPending) {
    return (
      <main id="main" className="site-main" aria-busy="true">
        <p className="loading" role="status">
          Loading the deal...
        </p>
      </main>
    );
  }
  if (deal.isError) return <DealUnavailable error={deal.error} retry={() => void deal.refetch()} />;

  const data = deal.data;
  const facts: Fact[] = [['Address', data.address]];
  if (data.askingPrice !== null) facts.push(['Asking price', formatMoney(data.askingPrice), 'deal-asking-price']);
  if (data.arv !== null) facts.push(['After-repair value (ARV)', formatMoney(data.arv)]);
  if (data.repairs.total !== null) facts.push(['Repair estimate', formatMoney(data.repairs.total)]);
  if (data.earnestMoney !== null) facts.push(['Earnest money', formatMoney(data.earnestMoney)]);
  if (data.closingDate) facts.push(['Closing date', dateText(data.closingDate)]);
  const total = data.photos.length;
  return (
    <>
      <DealHeader wholesaler={data.wholesaler} />
      <main id="main" className="site-main">
        <section className="page narrow deal-page" aria-labelledby="deal-page-title">
          <h1 id="deal-page-title">{data.address}</h1>
          <p className="muted">
            A property under contract, offered to you by its wholesaler. This link is yours alone.
          </p>
          {total > 0 && (
            <ul className="deal-photos" aria-label="Photos">
              {data.photos.map((photo, index) => (
                <li key={photo.id}>
                  <a href={dealPhotoUrl(token, photo.id, 'full')} target="_blank" rel="noreferrer">
                    <img
                      src={dealPhotoUrl(token, photo.id, 'thumbnail')}
                      alt={`Photo ${index + 1} of ${total}, ${data.address}`}
                      width={photo.width}
                      height={photo.height}
                      loading={index < 2 ? 'eager' : 'lazy'}
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
          <div className="card">
            <h2 className="card-title">The deal</h2>
            <FactList className="deal-facts" facts={facts} />
            {data.accessNotes && (
              <>
                <h3>Access and showing</h3>
                <p className="deal-access-notes">{data.accessNotes}</p>
              </>
            )}
            {data.repairs.items.length > 0 && (
              <details className="deal-repairs" suppressHydrationWarning>
                <summary>Repairs estimated ({data.repairs.items.length})</summary>
                <ul>
                  {data.repairs.items.map((repair, index) => (
                    <li key={index}>
                      <span>{repair.name}</span> <span>{formatMoney(repair.cost)}</span>
                    </li>
                  ))}
                </ul>
              </details>
            )}
            {data.comps.length > 0 && (
              <section className="deal-comps" aria-labelledby="deal-comps-title">
                <h3 id="deal-comps-title">
                  ARV based on {data.comps.length === 1 ? '1 sale' : `${data.comps.length} sales`}
                </h3>
                <table>
                  <caption className="visually-hidden">Comparable sales</caption>
                  <thead>
                    <tr>
                      <th scope="col">Address</th>
                      <th scope="col">Sold</th>
                      <th scope="col">Price</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.comps.map((sale, index) => (
                      <tr key={index}>
                        <th scope="row">{sale.address || 'Address not given'}</th>
                        <td>{dateText(sale.soldDate)}</td>
                        <td>{formatMoney(sale.price)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            )}
          </div>
          <div className="card">
            <h2 className="card-title">Make an offer</h2>
            {data.offersMade > 0 && (
              <p className="muted">
                You have sent {data.offersMade === 1 ? 'an offer' : `${data.offersMade} offers`} on this deal. You may
                send another.
              </p>
            )}
            {offering ? (
              <BuyerOfferForm token={token} deal={data} onCancel={() => setOffering(false)} />
            ) : (
              <>
                <noscript>
                  <p>To make an offer here, turn on JavaScript in your browser.</p>
                </noscript>
                <button type="button" className="button button-primary" onClick={() => setOffering(true)}>
                  Make an offer
                </button>
              </>
            )}
          </div>
        </section>
      </main>
    </>
  );
}

/** What the server draws a deal link with: its deal, or its 404 ('Deal not found') or 410 (expired). */
export const loadDealPageData: PageDataLoader = async ({ queryClient, client, params }) => {
  const query = dealPageQuery(params.token ?? '', client);
  await queryClient.prefetchQuery(query);
  const error = queryClient.getQueryState(query.queryKey)?.error;
  return { status: error instanceof ApiError && (error.status === 404 || error.status === 410) ? error.status : 200 };
};
