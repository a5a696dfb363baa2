import { EarlierLeadHistory, type EarlierLeadHistoryProps } from './earlier-lead-history';
import { describeLeadEvent, eventAuthor, formatLeadTime } from './lead-labels';
import type { LeadDetail } from './leads-api';

/** A lead's offers and answers, oldest first, with a way to load those before the ones shown. */
export function LeadOfferHistory({
  offers,
  history,
}: {
  offers: LeadDetail['events'];
  history: EarlierLeadHistoryProps;
}) {
  return (
    <section className="card" aria-labelledby="lead-offers-title">
      <h2 id="lead-offers-title" className="card-title">
        Offer history
      </h2>
      <EarlierLeadHistory {...history} />
      {offers.length === 0 ? (
        <p className="muted">
          {history.hasEarlier ? 'No offers in the history shown.' : 'No offers recorded for this lead.'}
        </p>
      ) : (
        <ol className="lead-timeline">
          {offers.map((event) => (
            <li key={event.id} className={`lead-timeline-${event.kind}`}>
              <span>{describeLeadEvent(event)}</span>
              {event.text && event.kind !== 'offer' && event.kind !== 'follow-up' && (
                <q className="lead-timeline-text">{event.text}</q>
              )}
              {eventAuthor(event) && <span className="muted">{eventAuthor(event)}</span>}
              <time dateTime={event.createdAt} className="muted">
                {formatLeadTime(event.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
