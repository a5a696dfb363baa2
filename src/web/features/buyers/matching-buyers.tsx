import { Link } from 'react-router';
import { formatMoney } from '#domain/money/format-money.ts';
import { ApiError } from '#web/api/api-client.ts';
import { useMatchingBuyers } from './buyers-api';
import './buyers.css';

/**
 * A lead's "Matching buyers" (issue 39): once it is under contract, the workspace's buyers whose
 * box fits the deal, best first, each with its score and why; nothing for a member who may not see
 * the buyers (an Acquisitions member the Owner has not shared them with).
 */
export function MatchingBuyers({ lead }: { lead: { id: string; status: string } }) {
  const contracted = lead.status === 'under-contract' || lead.status === 'closed';
  const query = useMatchingBuyers(lead.id, contracted);
  if (!contracted) return null;
  if (query.error instanceof ApiError && query.error.status === 403) return null;
  return (
    <section className="card matching-buyers" aria-labelledby="matching-buyers-title">
      <h2 id="matching-buyers-title">Matching buyers</h2>
      {query.isPending ? (
        <p className="loading" role="status">
          Finding buyers...
        </p>
      ) : query.isError ? (
        <p role="alert">We could not match buyers to this deal. Please try again later.</p>
      ) : (
        <>
          <p className="muted">
            {query.data.deal.price === null
              ? 'No contract price or offer yet: price ranges are not checked.'
              : query.data.deal.priceSource === 'contract'
                ? `Matched at the contract price, ${formatMoney(query.data.deal.price)}.`
                : `No contract price yet: matched at the offer's high end, ${formatMoney(query.data.deal.price)}.`}{' '}
            Past responses count once buyers make offers.
          </p>
          {query.data.matches.length === 0 ? (
            <p role="status">
              No buyer fits this deal. <Link to="/buyers">Add or import buyers</Link>.
            </p>
          ) : (
            <>
              <p role="status">
                {query.data.matched} {query.data.matched === 1 ? 'buyer fits' : 'buyers fit'} this deal
                {query.data.matched > query.data.matches.length && `; the best ${query.data.matches.length} are listed`}
                .
              </p>
              <ol className="matching-buyers-list">
                {query.data.matches.map((match) => (
                  <li key={match.buyerId} className="matching-buyer">
                    <div className="matching-buyer-head">
                      <h3 className="matching-buyer-name">
                        {match.name}
                        {match.company && <span className="muted"> · {match.company}</span>}
                      </h3>
                      <span className="matching-buyer-score">Score {match.score}</span>
                    </div>
                    <p className="muted matching-buyer-contact">
                      {[match.email, match.phone].filter(Boolean).join(' · ')}
                    </p>
                    <ul className="matching-buyer-reasons" aria-label={`Why ${match.name} scored ${match.score}`}>
                      {match.reasons
                        .filter((reason) => reason.max > 0)
                        .map((reason) => (
                          <li key={reason.criterion}>
                            <span className="matching-buyer-points">
                              {reason.points}/{reason.max}
                            </span>{' '}
                            {reason.text}
                          </li>
                        ))}
                    </ul>
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
      )}
    </section>
  );
}
