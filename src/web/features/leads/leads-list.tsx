import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useState } from 'react';
import { firstScreenOfWindowList, useWindowListStyles } from '#web/components/first-screen-of-window-list.ts';
import { LeadRow } from './lead-row';
import type { LeadSummary } from './leads-api';

interface LeadsListProps {
  leads: LeadSummary[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/**
 * Virtualised against the window scroll, so an inbox of thousands renders only the rows on
 * screen; the next server page is asked for as the last loaded rows come into view.
 */
export function LeadsList({ leads, hasMore, loadingMore, onLoadMore }: LeadsListProps) {
  // The list's distance from the top of the page, which the window virtualiser needs.
  const [scrollMargin, setScrollMargin] = useState(0);
  const virtualizer = useWindowVirtualizer({
    count: leads.length,
    estimateSize: () => 110,
    overscan: 8,
    scrollMargin,
    ...firstScreenOfWindowList,
    getItemKey: (index) => leads[index]?.id ?? index,
  });
  const styles = useWindowListStyles(virtualizer);
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= leads.length - 10) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, leads.length, onLoadMore]);

  return (
    <>
      <ul
        ref={(node) => {
          if (node) setScrollMargin(node.offsetTop);
        }}
        className="leads-list"
        style={styles.list}
        aria-label="Leads"
      >
        {items.map((item) => {
          const lead = leads[item.index];
          if (!lead) return null;
          return (
            <li
              key={lead.id}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="leads-list-item"
              style={styles.row(item)}
            >
              <LeadRow lead={lead} />
            </li>
          );
        })}
      </ul>
      {loadingMore && (
        <p className="loading" role="status">
          Loading more leads...
        </p>
      )}
    </>
  );
}
