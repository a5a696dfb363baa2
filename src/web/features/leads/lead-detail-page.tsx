import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '#web/api/api-client.ts';
import { useMay } from '#web/api/use-workspace.ts';
import type { EarlierLeadHistoryProps } from './earlier-lead-history';
import { LeadActions } from './lead-actions';
import { LeadDealTerms } from './lead-deal-terms';
import type { LeadDetailSlots } from './lead-detail-slots';
import { LeadFacts } from './lead-facts';
import { LeadFollowUp } from './lead-follow-up';
import { eventGroup } from './lead-labels';
import { LeadNotes } from './lead-notes';
import { LeadOfferHistory } from './lead-offer-history';
import { LeadPhones } from './lead-phones';
import { LeadStatusBadge } from './lead-status-badge';
import { LeadStatusPipeline } from './lead-status-pipeline';
import { LeadTasks } from './lead-tasks';
import { useLead, type LeadDetail } from './leads-api';
import { RevisedOfferDialog } from './revised-offer-dialog';
import { useLeadsLiveUpdates } from './use-leads-live-updates';
import './leads.css';

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
        <LeadFacts lead={lead} />
        {slots.LeadPhotos && <slots.LeadPhotos lead={lead} />}
        <div className="lead-side">
          <LeadPhones lead={lead} />
          <LeadTasks leadId={lead.id} status={lead.status} />
          <LeadStatusPipeline lead={lead} changes={statusChanges} />
          <LeadDealTerms lead={lead} />
          {slots.AssignmentDocument && <slots.AssignmentDocument lead={lead} />}
          <LeadFollowUp lead={lead} followUp={detail.followUp} worksDeals={worksDeals} />
          <LeadActions
            lead={lead}
            worksDeals={worksDeals}
            exports={exports}
            slots={slots}
            onRevise={() => setRevising(true)}
          />
        </div>

        <LeadOfferHistory offers={offers} history={history} />

        <LeadNotes leadId={lead.id} status={lead.status} notes={notes} />

        <slots.MatchingBuyers lead={lead} />

        {slots.BuyerOffers && <slots.BuyerOffers lead={lead} />}
      </div>
      {lead.email && worksDeals && (
        <RevisedOfferDialog lead={lead} open={revising} onClose={() => setRevising(false)} />
      )}
    </article>
  );
}
