import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import {
  canDeleteSavedProperties,
  canExportSavedList,
  formatPropertyLimit,
  planMessages,
  plans,
  savedPropertyLimit,
} from '#domain/plans/plans.ts';
import { ApiError } from '#web/api/api-client.ts';
import { useSubscription } from '#web/api/use-subscription.ts';
import { useMay } from '#web/api/use-workspace.ts';
import { WHOLESALER_CALCULATOR_PATH } from '#web/components/calculator-path.ts';
import { DowngradeDialog } from '#web/components/downgrade-dialog.tsx';
import { firstScreenOfWindowList, useWindowListStyles } from '#web/components/first-screen-of-window-list.ts';
import { Modal } from '#web/components/modal.tsx';
import { notify } from '#web/components/notify.ts';
import type { SavedPageSlots } from './saved-page-slots';
import { useDeleteSavedProperty, useSavedProperties, type SavedProperty } from './saved-properties-api';
import { SavedPropertyCard } from './saved-property-card';

/** The signed-in user's saved properties and plan; the app supplies billing and export controls (`slots`). */
export function SavedPage({ slots }: { slots: SavedPageSlots }) {
  const planStatus = useSubscription(true);
  const savedList = useSavedProperties();
  const [pendingDelete, setPendingDelete] = useState<SavedProperty | null>(null);
  // What the member's role does not allow is not shown (the server refuses it too).
  const mayDo = useMay();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (savedList.isError) notify.error('Error loading properties');
  }, [savedList.isError]);

  // Until the plan is known nothing plan-dependent is shown, not even a count: a default would
  // read as a fact. A plan that cannot be loaded is treated as free (§4); its rules come from the domain.
  const planKnown = planStatus.data !== undefined || planStatus.isError;
  const plan = planStatus.data?.plan ?? 'free';
  const planName = plans.find((candidate) => candidate.id === plan)?.name ?? 'Free';
  const limit = savedPropertyLimit(plan);
  const savedCount = planStatus.data?.savedCount ?? 0;
  const properties = savedList.data?.pages.flatMap((page) => page.properties) ?? [];
  // What depends on the plan (actions, banners) and the list appear together, in one render, so
  // nothing already drawn is pushed down when the second of the two answers arrives.
  const ready = planKnown && !savedList.isPending;

  return (
    <section className="saved-page" aria-labelledby="saved-title">
      <header className="saved-header">
        <div>
          <h1 id="saved-title" ref={headingRef} tabIndex={-1}>
            Saved Properties
          </h1>
          {planKnown ? (
            <p className="muted">
              {savedCount} of {formatPropertyLimit(limit)} properties saved{' '}
              <span className={`current-plan-badge current-plan-badge-${plan}`}>{planName} plan</span>
            </p>
          ) : (
            <p className="muted" role="status">
              <span className="skeleton-text" aria-hidden="true" />
              <span className="visually-hidden">Loading your plan...</span>
            </p>
          )}
        </div>
        {ready && (
          <div className="saved-actions">
            {slots.ImportList && <slots.ImportList />}
            {canExportSavedList(plan) && savedCount > 0 && mayDo('bulk-send-and-export') && (
              <a className="button button-secondary" href="/api/properties/export.csv" download>
                Export CSV
              </a>
            )}
            {plan !== 'free' && mayDo('billing') && <slots.ManageBilling />}
            {plan !== 'free' && mayDo('billing') && <DowngradeButton />}
            {plan !== 'pro' && mayDo('billing') && (
              <Link className="button button-primary" to="/wholesalers#pricing">
                Upgrade Plan
              </Link>
            )}
          </div>
        )}
      </header>

      <slots.CheckoutReturnNotice plan={planStatus.data?.plan} />
      {ready && savedCount > limit && (
        <p className="banner banner-warning" role="status">
          {planMessages.overLimit(savedCount, limit, planName)}
        </p>
      )}
      {ready && plan !== 'pro' && savedCount === limit && (
        <p className="banner banner-warning" role="status">
          You have reached the limit of {limit} saved properties on the {planName} plan.{' '}
          <Link to="/wholesalers#pricing">Upgrade</Link> to save more.
        </p>
      )}
      {ready && plan === 'personal' && savedCount <= limit && (
        <p className="banner banner-info">Deleting saved properties is only available with the Pro plan.</p>
      )}

      {!ready ? (
        <p className="loading" role="status">
          Loading...
        </p>
      ) : properties.length === 0 ? (
        <div className="empty-state card">
          <p>No properties saved yet</p>
          <Link className="button button-primary" to={WHOLESALER_CALCULATOR_PATH}>
            Calculate an offer
          </Link>
        </div>
      ) : (
        <SavedList
          properties={properties}
          hasMore={savedList.hasNextPage}
          loadingMore={savedList.isFetchingNextPage}
          onLoadMore={() => void savedList.fetchNextPage()}
          PropertyExports={slots.PropertyExports}
          PropertyArv={slots.PropertyArv}
          PropertyPhotos={slots.PropertyPhotos}
          onDelete={
            mayDo('work-deals')
              ? (property) =>
                  canDeleteSavedProperties(plan, savedCount)
                    ? setPendingDelete(property)
                    : notify.error(planMessages.deletionProOnly)
              : undefined
          }
        />
      )}

      <DeleteConfirmation
        property={pendingDelete}
        onClose={() => setPendingDelete(null)}
        onDeleted={() => {
          // Closing the dialog gives the focus back to the deleted card's button, which is about
          // to go: once it is closed, the focus moves to the heading instead.
          flushSync(() => setPendingDelete(null));
          headingRef.current?.focus();
        }}
      />
    </section>
  );
}

interface SavedListProps {
  properties: SavedProperty[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Undefined for a member whose role may not delete: no Delete button. */
  onDelete: ((property: SavedProperty) => void) | undefined;
  PropertyExports: SavedPageSlots['PropertyExports'];
  PropertyArv: SavedPageSlots['PropertyArv'];
  PropertyPhotos: SavedPageSlots['PropertyPhotos'];
}

/** Virtualised against the window scroll, so a Pro list of thousands renders only what is on screen. */
function SavedList({
  properties,
  hasMore,
  loadingMore,
  onLoadMore,
  onDelete,
  PropertyExports,
  PropertyArv,
  PropertyPhotos,
}: SavedListProps) {
  // The list's distance from the top of the page, which the window virtualiser needs.
  const [scrollMargin, setScrollMargin] = useState(0);
  const virtualizer = useWindowVirtualizer({
    count: properties.length,
    estimateSize: () => 220,
    overscan: 6,
    scrollMargin,
    ...firstScreenOfWindowList,
  });
  const styles = useWindowListStyles(virtualizer);
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= properties.length - 10) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, properties.length, onLoadMore]);

  return (
    <>
      <ul
        ref={(node) => {
          if (node) setScrollMargin(node.offsetTop);
        }}
        className="saved-list"
        style={styles.list}
        aria-label="Saved properties"
      >
        {items.map((item) => {
          const property = properties[item.index];
          if (!property) return null;
          return (
            <li
              key={property.id}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="saved-list-item"
              style={styles.row(item)}
            >
              <SavedPropertyCard
                property={property}
                onDelete={onDelete && (() => onDelete(property))}
                Exports={PropertyExports}
                Arv={PropertyArv}
                Photos={PropertyPhotos}
              />
            </li>
          );
        })}
      </ul>
      {loadingMore && (
        <p className="loading" role="status">
          Loading more...
        </p>
      )}
    </>
  );
}

/** Downgrade to Free, after saying what will happen: when billing stops, and what becomes of the saved list. */
function DowngradeButton() {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
        Downgrade to Free
      </button>
      <DowngradeDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        messages={{ success: 'Successfully downgraded to free plan', failure: 'Error downgrading subscription' }}
      />
    </>
  );
}

function DeleteConfirmation({
  property,
  onClose,
  onDeleted,
}: {
  property: SavedProperty | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteSavedProperty({
    onSuccess: () => {
      notify.success('Property deleted');
      onDeleted();
    },
    // The server forbids (403) a delete only when the plan may not delete (only Pro may, §6):
    // the plan changed since this page loaded it.
    onError: (error) =>
      notify.error(
        error instanceof ApiError && error.status === 403 ? planMessages.deletionProOnly : 'Error deleting property',
      ),
  });

  return (
    <Modal
      title="Delete this property?"
      open={property !== null}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={remove.isPending}
            onClick={() => property && remove.mutate(property.id)}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </button>
        </>
      }
    >
      <p>
        <strong>{property?.address}</strong> will be removed from your saved properties. This cannot be undone.
      </p>
    </Modal>
  );
}
