import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '../../../domain/money/format-money';
import { ApiError } from '../../api/api-client';
import { useMay } from '../../api/use-workspace';
import {
  answerLabel,
  describeLeadEvent,
  eventAuthor,
  eventGroup,
  formatLeadTime,
  formatOfferRange,
  sourceLabel,
} from './lead-labels';
import type { LeadDetailSlots } from './lead-detail-slots';
import { LeadAssignee } from './lead-assignee';
import { LeadFollowUp } from './lead-follow-up';
import { EarlierLeadHistory, type EarlierLeadHistoryProps } from './earlier-lead-history';
import { LeadNotes } from './lead-notes';
import { LeadStatusBadge } from './lead-status-badge';
import { LeadStatusPipeline } from './lead-status-pipeline';
import { useLead, type LeadDetail } from './leads-api';
import { RevisedOfferDialog } from './revised-offer-dialog';
import { SaveLeadButton } from './save-lead-button';
import { useLeadsLiveUpdates } from './use-leads-live-updates';
import './leads.css';

/** The homeowner's own words and form answers kept with the lead, as labelled on screen. */
const detailLabels: Record<string, string> = {
  message: 'Message from the homeowner',
  condition: 'Condition',
  timeframe: 'Timeframe',
  notes: 'Notes from the homeowner',
};

/** /leads/{id}: one lead, its offer history, status pipeline, notes and actions; live. */
export function LeadDetailPage({ slots }: { slots: LeadDetailSlots }) {
  const { id = '' } = useParams();
  const query = useLead(id);
  useLeadsLiveUpdates();
  // A lead that could not be loaded has no data to keep while it is fetched again (a live change,
  // the feed reconnecting, Try again): its query is 'pending' once more. The page keeps saying why
  // meanwhile, instead of flashing back to 'Loading lead...' without its heading.
  const [failed, setFailed] = useState<{ id: string; error: Error } | null>(null);
  if (query.isError && failed?.error !== query.error) setFailed({ id, error: query.error });
  const error = query.isError ? query.error : query.isPending && failed?.id === id ? failed.error : null;

  if (error) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <section className="lead-page" aria-labelledby="lead-error-title">
        <BackLink />
        <div className="card leads-error" role="alert">
          <h1 id="lead-error-title">{notFound ? 'Lead not found' : 'We could not load this lead'}</h1>
          <p>
            {notFound
              ? 'This lead does not exist or belongs to another account.'
              : 'Please check your connection and try again.'}
          </p>
          {!notFound && (
            <button type="button" className="button button-primary" onClick={() => void query.refetch()}>
              Try again
            </button>
          )}
        </div>
      </section>
    );
  }
  // (An error is shown above: isError is here for the type of query.data below.)
  if (query.isPending || query.isError) {
    return (
      <section className="lead-page" aria-busy="true">
        <BackLink />
        <p className="loading" role="status">
          Loading lead...
        </p>
      </section>
    );
  }
  return (
    <LeadDetailView
      detail={query.data}
      slots={slots}
      history={{
        hasEarlier: query.hasNextPage,
        loading: query.isFetchingNextPage,
        failed: query.isFetchNextPageError,
        onShowEarlier: () => void query.fetchNextPage(),
      }}
    />
  );
}

function BackLink() {
  return (
    <p className="lead-back">
      <Link to="/leads">← All leads</Link>
    </p>
  );
}

interface LeadDetailViewProps {
  detail: LeadDetail;
  slots: LeadDetailSlots;
  /** Whether older history entries than those loaded exist, and how to load them. */
  history: EarlierLeadHistoryProps;
}

function LeadDetailView({ detail, slots, history }: LeadDetailViewProps) {
  const { lead, events } = detail;
  const [revising, setRevising] = useState(false);
  const name = lead.name ?? 'Homeowner';
  const offers = events.filter((event) => eventGroup(event) === 'offers');
  const statusChanges = events.filter((event) => eventGroup(event) === 'status');
  const notes = events.filter((event) => eventGroup(event) === 'notes');
  const details = Object.entries(lead.details).filter(
    (entry): entry is [string, string] => entry[0] in detailLabels && typeof entry[1] === 'string' && entry[1] !== '',
  );
  const offer = formatOfferRange(lead.offerRange);
  // What the member's role does not allow is not shown (the server refuses it too).
  const mayDo = useMay();
  const worksDeals = mayDo('work-deals');
  const exports = lead.offerRange !== null && lead.marketValue !== null && mayDo('bulk-send-and-export');

  return (
    <article className="lead-page" aria-labelledby="lead-title">
      <BackLink />
      <header className="lead-header">
        <div>
          <h1 id="lead-title">{name}</h1>
          <p className="lead-header-address">{lead.address}</p>
        </div>
        <LeadStatusBadge status={lead.status} />
      </header>

      <div className="lead-layout">
        <section className="card" aria-labelledby="lead-summary-title">
          <h2 id="lead-summary-title" className="card-title">
            Offer and answer
          </h2>
          <dl className="lead-facts">
            <div>
              <dt>Answer</dt>
              <dd className={`lead-answer lead-answer-${lead.responseKind ?? 'none'}`}>{answerLabel(lead.response)}</dd>
            </div>
            <div>
              <dt>Current offer</dt>
              <dd>{offer ?? 'No offer recorded'}</dd>
            </div>
            <div>
              <dt>Market value</dt>
              <dd>{lead.marketValue === null ? 'Not given' : formatMoney(lead.marketValue)}</dd>
            </div>
            <div>
              <dt>Repairs</dt>
              <dd>
                {formatMoney(lead.totalRepairCost)}
                {lead.repairs.length > 0 && (
                  <span className="muted"> ({lead.repairs.map((repair) => repair.name).join(', ')})</span>
                )}
              </dd>
            </div>
            <div>
              <dt>Source</dt>
              <dd>{sourceLabel(lead.source)}</dd>
            </div>
            <LeadAssignee lead={lead} />
            <div>
              <dt>Answered</dt>
              <dd>
                <time dateTime={lead.respondedAt}>{formatLeadTime(lead.respondedAt)}</time>
              </dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{lead.email ? <a href={`mailto:${lead.email}`}>{lead.email}</a> : 'Not given'}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{lead.phone ? <a href={`tel:${lead.phone}`}>{lead.phone}</a> : 'Not given'}</dd>
            </div>
            {details.map(([key, value]) => (
              <div key={key}>
                <dt>{detailLabels[key]}</dt>
                <dd className="lead-detail-text">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <div className="lead-side">
          <LeadStatusPipeline
            leadId={lead.id}
            status={lead.status}
            createdAt={lead.createdAt}
            changes={statusChanges}
          />
          <LeadFollowUp lead={lead} followUp={detail.followUp} worksDeals={worksDeals} />
          <section className="card" aria-labelledby="lead-actions-title">
            <h2 id="lead-actions-title" className="card-title">
              Actions
            </h2>
            <div className="lead-actions">
              {!worksDeals ? null : lead.email ? (
                <button type="button" className="button button-primary" onClick={() => setRevising(true)}>
                  Send revised offer
                </button>
              ) : (
                <p className="muted">This lead has no e-mail address to send a revised offer to.</p>
              )}
              {worksDeals && <SaveLeadButton leadId={lead.id} />}
              {exports && <slots.LeadExports lead={lead} />}
              {!worksDeals && !exports && (
                <p className="muted">Your role cannot send offers, save or export this lead.</p>
              )}
            </div>
          </section>
        </div>

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

        <LeadNotes leadId={lead.id} status={lead.status} notes={notes} />
      </div>
      {lead.email && worksDeals && (
        <RevisedOfferDialog lead={lead} open={revising} onClose={() => setRevising(false)} />
      )}
    </article>
  );
}
