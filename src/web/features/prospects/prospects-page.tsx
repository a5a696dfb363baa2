import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCents } from '#domain/mail/lob-settings.ts';
import { formatMoney } from '#domain/money/format-money.ts';
import { canBulkImport } from '#domain/plans/plans.ts';
import { answerRate, PROSPECT_CHANNELS, type ProspectChannel } from '#domain/prospects/prospect-requests.ts';
import {
  PROSPECT_STATUSES,
  PROSPECT_TOUCH_KINDS,
  prospectStatusLabels,
  prospectTouchLabels,
  type ProspectStatus,
  type ProspectTouchKind,
} from '#domain/prospects/prospect-touch.ts';
import { useSession } from '#web/api/use-session.ts';
import { useSubscription } from '#web/api/use-subscription.ts';
import { firstScreenOfWindowList, useWindowListStyles } from '#web/components/first-screen-of-window-list.ts';
import { LocalDateTime } from '#web/components/local-date-time.tsx';
import { useDebouncedSearch } from '#web/components/use-debounced-search.ts';
import { ProspectDetailDialog } from './prospect-detail-dialog';
import { channelLabels, StatusBadge } from './prospect-labels';
import {
  useProspects,
  useProspectsLiveUpdates,
  useSends,
  useSendSummary,
  type ProspectsFilter,
  type ProspectSummary,
} from './prospects-api';
import { prospectsFilterParams, readProspectsFilter } from './prospects-filter-params';
import './prospects.css';

const emptyFilter: ProspectsFilter = { sendId: null, search: '', status: null, touch: null, channel: null };

const sendDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /prospects (Pro): every owner the workspace's sends reached, per send or all, searched by name or
 * address and filtered by status, touch and channel (kept in the address bar), each with its
 * channels, last touch and next follow-up; a send's figures above its list; a prospect's touches,
 * and "Promote to lead", in its dialog. Live: an owner who answers shows as a lead at once.
 */
export function ProspectsPage() {
  const { user } = useSession();
  const plan = useSubscription(Boolean(user));
  if (plan.data && !canBulkImport(plan.data.plan)) {
    return (
      <section className="prospects-page" aria-labelledby="prospects-title">
        <h1 id="prospects-title">Prospects</h1>
        <div className="empty-state card">
          <p className="empty-state-title">Prospects come with the Pro plan</p>
          <p className="muted">Every owner your bulk sends reach is kept here with each touch, until they answer.</p>
          <Link className="button button-primary" to="/wholesalers">
            See the plans
          </Link>
        </div>
      </section>
    );
  }
  return <ProspectsScreen />;
}

function ProspectsScreen() {
  const [params, setParams] = useSearchParams();
  const filter = readProspectsFilter(params);
  const changeFilter = useCallback(
    (next: ProspectsFilter) => setParams(prospectsFilterParams(next), { replace: true }),
    [setParams],
  );
  useProspectsLiveUpdates();
  const list = useProspects(filter);
  const [openId, setOpenId] = useState<string | null>(null);
  const prospects = list.data?.pages.flatMap((page) => page.prospects) ?? [];
  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const filtered =
    filter.search.trim() !== '' || filter.status !== null || filter.touch !== null || filter.channel !== null;

  return (
    <section className="prospects-page" aria-labelledby="prospects-title">
      <header className="prospects-header">
        <h1 id="prospects-title">Prospects</h1>
        <p className="muted">Every owner your sends reached: who was e-mailed, who answered, and who to call next.</p>
      </header>
      <SendPicker sendId={filter.sendId} onChange={(sendId) => changeFilter({ ...filter, sendId })} />
      {filter.sendId && <SendFigures sendId={filter.sendId} />}
      <ProspectsToolbar filter={filter} onChange={changeFilter} />

      {list.isPending ? (
        <p className="loading" role="status">
          Loading prospects...
        </p>
      ) : list.isError && prospects.length === 0 ? (
        <div className="card empty-state" role="alert">
          <p>We could not load your prospects. Please check your connection and try again.</p>
          <button type="button" className="button button-primary" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : prospects.length === 0 ? (
        filtered ? (
          <div className="empty-state card">
            <p role="status">No prospects match these filters.</p>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => changeFilter({ ...emptyFilter, sendId: filter.sendId })}
            >
              Clear the filters
            </button>
          </div>
        ) : (
          <div className="empty-state card">
            <p className="empty-state-title">No prospects yet</p>
            <p className="muted">
              When you send offers from a Bulk Import, every owner they reach is kept here, with each e-mail and answer.
            </p>
            <Link className="button button-primary" to="/" state={{ userType: 'wholesaler' }}>
              Go to the calculator
            </Link>
          </div>
        )
      ) : (
        <>
          <p className="prospects-count muted" role="status">
            {list.hasNextPage
              ? `Showing ${prospects.length} prospects; more load as you scroll`
              : `${prospects.length} ${prospects.length === 1 ? 'prospect' : 'prospects'}`}
          </p>
          <ProspectsList
            prospects={prospects}
            hasMore={list.hasNextPage}
            loadingMore={list.isFetchingNextPage}
            onLoadMore={loadMore}
            onOpen={setOpenId}
          />
        </>
      )}
      <ProspectDetailDialog prospectId={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}

function SendPicker({ sendId, onChange }: { sendId: string | null; onChange: (sendId: string | null) => void }) {
  const sends = useSends();
  return (
    <div className="field prospects-send">
      <label htmlFor="prospects-send">Send</label>
      <select
        id="prospects-send"
        value={sendId ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      >
        <option value="">All sends</option>
        {sends.data?.sends.map((send) => (
          <option key={send.id} value={send.id}>
            {send.kind === 'mail' ? 'Mail' : 'E-mail'}, {sendDate.format(new Date(send.createdAt))}: {send.total}{' '}
            {send.kind === 'mail' ? (send.total === 1 ? 'piece' : 'pieces') : send.total === 1 ? 'owner' : 'owners'}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What one send earned (issue 41, part 6): an e-mail send's e-mails, or a mail send's pieces; answers and cost for both. */
function SendFigures({ sendId }: { sendId: string }) {
  const summary = useSendSummary(sendId);
  if (!summary.data) return null;
  const figures = summary.data;
  const rate = Math.round(answerRate(figures) * 1000) / 10;
  const byChannel: [string, string | number][] =
    figures.kind === 'mail'
      ? [
          ['Pieces verified', figures.verified],
          ['Printed by you', figures.printed],
          ['Mailed', figures.mailed],
          ['Delivered', figures.delivered],
          ['Returned', figures.returned],
          ['Asked to stop', figures.unsubscribed],
        ]
      : [
          ['E-mailed', figures.emailed],
          ['Bounced', figures.bounced],
          ['Unsubscribed', figures.unsubscribed],
        ];
  const shown: [string, string | number][] = [
    ['Owners reached', figures.reached],
    ...byChannel,
    ['Answered', figures.answered],
    ['Answer rate', `${rate}%`],
    ['Cost', formatCents(figures.costCents)],
    ['Cost per answer', figures.costPerAnswerCents === null ? '—' : formatCents(figures.costPerAnswerCents)],
  ];
  return (
    <section className="card prospects-figures" aria-label="What this send earned">
      <dl>
        {shown.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {figures.alreadySent > 0 && (
        <p className="muted">
          {figures.alreadySent} {figures.alreadySent === 1 ? 'owner was' : 'owners were'} skipped: an earlier send
          already made them this offer.
        </p>
      )}
      <p>
        <Link to={`/leads?sendId=${encodeURIComponent(sendId)}`}>See the leads this send brought</Link>
      </p>
    </section>
  );
}

function ProspectsToolbar({
  filter,
  onChange,
}: {
  filter: ProspectsFilter;
  onChange: (filter: ProspectsFilter) => void;
}) {
  const [search, setSearch] = useDebouncedSearch(filter.search, (typed) => onChange({ ...filter, search: typed }));

  return (
    <form
      className="prospects-toolbar"
      role="search"
      aria-label="Prospects"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...filter, search });
      }}
    >
      <div className="field prospects-search">
        <label htmlFor="prospects-search">Search by name or address</label>
        <input
          id="prospects-search"
          type="search"
          maxLength={200}
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <FilterSelect
        id="prospects-status"
        label="Status"
        all="All statuses"
        value={filter.status}
        options={PROSPECT_STATUSES.map((status) => ({ value: status, label: prospectStatusLabels[status] }))}
        onChange={(status) => onChange({ ...filter, search, status: status as ProspectStatus | null })}
      />
      <FilterSelect
        id="prospects-touch"
        label="Touch"
        all="Any touch"
        value={filter.touch}
        options={PROSPECT_TOUCH_KINDS.map((kind) => ({ value: kind, label: prospectTouchLabels[kind] }))}
        onChange={(touch) => onChange({ ...filter, search, touch: touch as ProspectTouchKind | null })}
      />
      <FilterSelect
        id="prospects-channel"
        label="Can be reached by"
        all="Any channel"
        value={filter.channel}
        options={PROSPECT_CHANNELS.map((channel) => ({ value: channel, label: channelLabels[channel] }))}
        onChange={(channel) => onChange({ ...filter, search, channel: channel as ProspectChannel | null })}
      />
    </form>
  );
}

function FilterSelect(props: {
  id: string;
  label: string;
  all: string;
  value: string | null;
  options: { value: string; label: string }[];
  onChange: (value: string | null) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value ?? ''}
        onChange={(event) => props.onChange(event.target.value === '' ? null : event.target.value)}
      >
        <option value="">{props.all}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Virtualised against the window scroll; the next server page is asked for as the last rows come into view. */
function ProspectsList(props: {
  prospects: ProspectSummary[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (id: string) => void;
}) {
  const { prospects, hasMore, loadingMore, onLoadMore, onOpen } = props;
  const [scrollMargin, setScrollMargin] = useState(0);
  const virtualizer = useWindowVirtualizer({
    count: prospects.length,
    estimateSize: () => 120,
    overscan: 8,
    scrollMargin,
    ...firstScreenOfWindowList,
    getItemKey: (index) => prospects[index]?.id ?? index,
  });
  const styles = useWindowListStyles(virtualizer);
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= prospects.length - 10) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, prospects.length, onLoadMore]);

  return (
    <>
      <ul
        ref={(node) => {
          if (node) setScrollMargin(node.offsetTop);
        }}
        className="prospects-list"
        style={styles.list}
        aria-label="Prospects"
      >
        {items.map((item) => {
          const prospect = prospects[item.index];
          if (!prospect) return null;
          return (
            <li
              key={prospect.id}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="prospects-list-item"
              style={styles.row(item)}
            >
              <ProspectRow prospect={prospect} onOpen={() => onOpen(prospect.id)} />
            </li>
          );
        })}
      </ul>
      {loadingMore && (
        <p className="loading" role="status">
          Loading more prospects...
        </p>
      )}
    </>
  );
}

function ProspectRow({ prospect, onOpen }: { prospect: ProspectSummary; onOpen: () => void }) {
  return (
    <article className="prospect-row" aria-label={prospect.name}>
      <p className="prospect-row-name">
        <button type="button" className="prospect-name-button" onClick={onOpen}>
          {prospect.name}
        </button>
        <StatusBadge status={prospect.status} />
      </p>
      <p className="muted">
        {[prospect.address, prospect.city, prospect.state, prospect.zip].filter(Boolean).join(', ')}
      </p>
      <p className="prospect-row-facts">
        <span>
          {prospect.channels.length > 0
            ? `Reach by ${prospect.channels.map((channel) => channelLabels[channel]).join(', ')}`
            : 'No way to reach them on file'}
        </span>
        {prospect.offerRange && (
          <span>
            Offer {formatMoney(prospect.offerRange.low)} to {formatMoney(prospect.offerRange.high)}
          </span>
        )}
        {prospect.lastTouch && (
          <span>
            {prospectTouchLabels[prospect.lastTouch.kind]} <LocalDateTime iso={prospect.lastTouch.at} />
          </span>
        )}
        <span>
          {prospect.nextFollowUpAt ? (
            <>
              Next follow-up <LocalDateTime iso={prospect.nextFollowUpAt} />
            </>
          ) : (
            'No follow-up due'
          )}
        </span>
      </p>
    </article>
  );
}
