import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { leadSourceLabels } from '#domain/leads/lead-answered-kind.ts';
import { leadStatusLabels } from '#domain/leads/lead-status.ts';
import { WHOLESALER_CALCULATOR_PATH } from '#web/components/calculator-path.ts';
import { useLeadsInbox, type LeadsFilter } from './leads-api';
import { leadsFilterParams, readLeadsFilter } from './leads-filter-params';
import { LeadsList } from './leads-list';
import type { LeadsPageSlots } from './leads-page-slots';
import { LeadsSkeleton } from './leads-skeleton';
import { LeadsToolbar } from './leads-toolbar';
import { useLeadsLiveUpdates } from './use-leads-live-updates';
import './leads.css';

/**
 * /leads: every homeowner who answered one of the user's offers, latest answer first, live;
 * filtered by status and searched by address or name (both kept in the address bar).
 */
export function LeadsPage({ slots }: { slots: LeadsPageSlots }) {
  const [params, setParams] = useSearchParams();
  const filter = readLeadsFilter(params);
  const inbox = useLeadsInbox(filter);
  useLeadsLiveUpdates();

  const changeFilter = useCallback(
    (next: LeadsFilter) => setParams(leadsFilterParams(next), { replace: true }),
    [setParams],
  );
  const filtered =
    filter.status !== null ||
    filter.search.trim() !== '' ||
    filter.assignee !== null ||
    filter.source !== null ||
    filter.sendId !== null;
  const leads = inbox.data?.pages.flatMap((page) => page.leads) ?? [];
  const { fetchNextPage } = inbox;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  return (
    <section className="leads-page" aria-labelledby="leads-title">
      <header className="leads-header">
        <div>
          <h1 id="leads-title">Leads</h1>
          <p className="muted">Homeowners who answered your offers, latest first.</p>
        </div>
        <Link to="/follow-ups" className="button button-secondary">
          Today’s follow-ups
        </Link>
      </header>
      <LeadsToolbar filter={filter} onChange={changeFilter} />

      {inbox.isPending ? (
        <LeadsSkeleton />
      ) : inbox.isError && leads.length === 0 ? (
        <div className="card leads-error" role="alert">
          <p>We could not load your leads. Please check your connection and try again.</p>
          <button type="button" className="button button-primary" onClick={() => void inbox.refetch()}>
            Try again
          </button>
        </div>
      ) : leads.length === 0 ? (
        filtered ? (
          <div className="empty-state card">
            <p role="status">
              No leads match{filter.search.trim() ? ` “${filter.search.trim()}”` : ''}
              {filter.status ? ` with status ${leadStatusLabels[filter.status]}` : ''}
              {filter.assignee ? ' among the leads assigned as chosen' : ''}
              {filter.source ? ` from ${leadSourceLabels[filter.source]}` : ''}
              {filter.sendId ? ' from this send' : ''}.
            </p>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => changeFilter({ status: null, search: '', assignee: null, source: null, sendId: null })}
            >
              Show all leads
            </button>
          </div>
        ) : (
          <div className="empty-state card">
            <p className="empty-state-title">No leads yet</p>
            <p className="muted">
              When a homeowner answers an offer you shared, e-mailed or made on your personal page, they appear here at
              once.
            </p>
            <Link className="button button-primary" to={WHOLESALER_CALCULATOR_PATH}>
              Calculate an offer
            </Link>
          </div>
        )
      ) : (
        <>
          <p className="leads-count muted" role="status">
            {inbox.hasNextPage
              ? `Showing the latest ${leads.length} leads; more load as you scroll`
              : `${leads.length} ${leads.length === 1 ? 'lead' : 'leads'}`}
          </p>
          {inbox.isError && (
            <p className="banner banner-warning" role="alert">
              Your leads could not be refreshed.{' '}
              <button type="button" className="link-button" onClick={() => void inbox.refetch()}>
                Try again
              </button>
            </p>
          )}
          <LeadsList
            leads={leads}
            hasMore={inbox.hasNextPage}
            loadingMore={inbox.isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </>
      )}
      {/* Below the list, once it is there: the list's placeholder is taller than most lists, so a
          box drawn under the placeholder would jump when the list arrives. */}
      {!inbox.isPending && <slots.PersonalPageSummary />}
    </section>
  );
}
