import { useState } from 'react';
import { buyerPropertyTypeLabels, buyerStrategyLabels } from '#domain/buyers/buyer-request.ts';
import { formatMoney } from '#domain/money/format-money.ts';
import { ApiError, serverErrorMessage } from '#web/api/api-client.ts';
import { useMay } from '#web/api/use-workspace.ts';
import { notify } from '#web/components/notify.ts';
import { BuyerFormDialog } from './buyer-form-dialog';
import {
  proofOfFundsUrl,
  useBuyerOptOut,
  useBuyers,
  useBuyerSettings,
  useDeleteBuyer,
  useSaveBuyerSettings,
  type BuyerSummary,
} from './buyers-api';
import { BuyersImportDialog } from './buyers-import-dialog';
import './buyers.css';

/** What a buyer's box says, in words: '$100,000–$200,000', 'up to $200,000', 'any price'. */
export function priceRangeText({ priceMin, priceMax }: Pick<BuyerSummary, 'priceMin' | 'priceMax'>): string {
  if (priceMin === null && priceMax === null) return 'Any price';
  if (priceMin === null) return `Up to ${formatMoney(priceMax!)}`;
  if (priceMax === null) return `${formatMoney(priceMin)} and up`;
  return `${formatMoney(priceMin)}–${formatMoney(priceMax)}`;
}

/**
 * /buyers: the workspace's cash buyers (issue 39), searched and paged, each with their buy box and
 * proof of funds; Owners, Managers and Dispositions add, edit, import, opt out and delete them; the
 * Owner chooses whether Acquisitions members see them.
 */
export function BuyersPage() {
  const [search, setSearch] = useState('');
  const list = useBuyers(search);
  const mayDo = useMay();
  const works = mayDo('work-buyers');
  const [editing, setEditing] = useState<BuyerSummary | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const buyers = list.data?.pages.flatMap((page) => page.buyers) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const refused = list.error instanceof ApiError && list.error.status === 403 ? list.error.message : null;

  return (
    <section className="buyers-page" aria-labelledby="buyers-title">
      <header className="buyers-header">
        <div>
          <h1 id="buyers-title">Buyers</h1>
          <p className="muted">
            Your cash buyers and what each one buys: matched to every deal you put under contract.
          </p>
        </div>
        {works && (
          <div className="buyers-actions">
            <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
              Add buyer
            </button>
            <button type="button" className="button button-secondary" onClick={() => setImporting(true)}>
              Import CSV
            </button>
          </div>
        )}
      </header>
      {mayDo('share-buyers') && <ShareWithAcquisitions />}

      {refused ? (
        <div className="card empty-state" role="alert">
          <p>{refused}</p>
        </div>
      ) : (
        <>
          <div className="field buyers-search">
            <label htmlFor="buyers-search">Search buyers</label>
            <input
              id="buyers-search"
              type="search"
              placeholder="Name, company, e-mail or area"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          {list.isPending ? (
            <p className="loading" role="status">
              Loading buyers...
            </p>
          ) : list.isError ? (
            <div className="card empty-state" role="alert">
              <p>We could not load your buyers. Please check your connection and try again.</p>
              <button type="button" className="button button-primary" onClick={() => void list.refetch()}>
                Try again
              </button>
            </div>
          ) : buyers.length === 0 ? (
            search.trim() !== '' ? (
              <div className="card empty-state">
                <p role="status">No buyers match “{search.trim()}”.</p>
              </div>
            ) : (
              <div className="card empty-state">
                <p className="empty-state-title">No buyers yet</p>
                <p className="muted">
                  Add the cash buyers you sell contracts to, or import them from a CSV: each deal under contract then
                  shows who fits it.
                </p>
              </div>
            )
          ) : (
            <>
              <p className="muted" role="status">
                {search.trim() === ''
                  ? `${total} ${total === 1 ? 'buyer' : 'buyers'}`
                  : `${buyers.length}${list.hasNextPage ? '+' : ''} matching “${search.trim()}”`}
              </p>
              <ul className="buyers-list">
                {buyers.map((buyer) => (
                  <BuyerCard key={buyer.id} buyer={buyer} works={works} onEdit={() => setEditing(buyer)} />
                ))}
              </ul>
              {list.hasNextPage && (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {list.isFetchingNextPage ? 'Loading...' : 'Show more buyers'}
                </button>
              )}
            </>
          )}
        </>
      )}
      {editing !== null && (
        <BuyerFormDialog buyer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {importing && <BuyersImportDialog onClose={() => setImporting(false)} />}
    </section>
  );
}

function BuyerCard({ buyer, works, onEdit }: { buyer: BuyerSummary; works: boolean; onEdit: () => void }) {
  const optOut = useBuyerOptOut();
  const remove = useDeleteBuyer();
  const titleId = `buyer-${buyer.id}`;
  const fail = (error: unknown) =>
    notify.error(serverErrorMessage(error, 'We could not change this buyer. Please try again.'));
  return (
    <li className="card buyer-card" aria-labelledby={titleId}>
      <div className="buyer-card-head">
        <h2 id={titleId} className="buyer-name">
          {buyer.name}
          {buyer.company && <span className="muted"> · {buyer.company}</span>}
        </h2>
        {buyer.optedOut && <span className="badge buyer-opted-out">Opted out</span>}
      </div>
      <dl className="buyer-facts">
        <div>
          <dt>Contact</dt>
          <dd>{[buyer.email, buyer.phone].filter(Boolean).join(' · ')}</dd>
        </div>
        <div>
          <dt>Areas</dt>
          <dd>{buyer.areas.length > 0 ? buyer.areas.join(', ') : 'Anywhere'}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{priceRangeText(buyer)}</dd>
        </div>
        <div>
          <dt>Repairs</dt>
          <dd>{buyer.maxRepairs === null ? 'Any' : `Up to ${formatMoney(buyer.maxRepairs)}`}</dd>
        </div>
        <div>
          <dt>Buys</dt>
          <dd>
            {buyer.propertyTypes.length > 0
              ? buyer.propertyTypes.map((type) => buyerPropertyTypeLabels[type]).join(', ')
              : 'Any type'}
            {buyer.strategies.length > 0 && ` · ${buyer.strategies.map((s) => buyerStrategyLabels[s]).join(', ')}`}
          </dd>
        </div>
        <div>
          <dt>Proof of funds</dt>
          <dd>
            {buyer.proofOfFundsAmount === null
              ? buyer.proofOfFundsFileType
                ? 'No amount given'
                : 'None'
              : `${formatMoney(buyer.proofOfFundsAmount)}, valid until ${buyer.proofOfFundsExpiresOn}`}
            {buyer.proofOfFundsFileType && (
              <>
                {' · '}
                <a href={proofOfFundsUrl(buyer.id)} download>
                  Download file<span className="visually-hidden"> of {buyer.name}&apos;s proof of funds</span>
                </a>
              </>
            )}
          </dd>
        </div>
      </dl>
      {buyer.notes && <p className="buyer-notes">{buyer.notes}</p>}
      {works && (
        <div className="buyer-card-actions">
          <button type="button" className="button button-secondary" onClick={onEdit} aria-describedby={titleId}>
            Edit
          </button>
          <button
            type="button"
            className="button button-secondary"
            aria-describedby={titleId}
            disabled={optOut.isPending}
            onClick={() => optOut.mutate({ id: buyer.id, optedOut: !buyer.optedOut }, { onError: fail })}
          >
            {buyer.optedOut ? 'Opt back in' : 'Opt out'}
          </button>
          <button
            type="button"
            className="button button-danger"
            aria-describedby={titleId}
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(`Delete ${buyer.name} from your buyers?`)) {
                remove.mutate(buyer.id, { onError: fail, onSuccess: () => notify.success('Buyer deleted') });
              }
            }}
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}

/** The Owner's switch: whether Acquisitions members see the buyers (and each deal's matching buyers). */
function ShareWithAcquisitions() {
  const settings = useBuyerSettings();
  const save = useSaveBuyerSettings();
  if (!settings.data) return null;
  return (
    <label className="buyers-share">
      <input
        type="checkbox"
        checked={settings.data.acquisitionsSeeBuyers}
        disabled={save.isPending}
        onChange={(event) =>
          save.mutate(
            { acquisitionsSeeBuyers: event.target.checked },
            {
              onError: (error) => notify.error(serverErrorMessage(error, 'We could not save this. Please try again.')),
            },
          )
        }
      />
      Let Acquisitions members see buyers
    </label>
  );
}
