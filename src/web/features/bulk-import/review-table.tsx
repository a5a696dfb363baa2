import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useSyncExternalStore, type CSSProperties } from 'react';
import { fullPropertyAddress } from '#domain/bulk-import/bulk-import-property.ts';
import { channelLabels, listRowChannels } from '#domain/bulk-import/list-row-channels.ts';
import { formatMoney, formatMoneyRange } from '#domain/money/format-money.ts';
import type { ImportedProperties } from './imported-properties';
import type { RowSelection } from './use-row-selection';

const ROW_HEIGHT = 44;

/**
 * §2 review table: checkbox column with select-all, Name, Address, Email, Market Value, Offer
 * Range, and for an owner list (issue 41) each row's Channels (e-mail, mail, call) and why not, and
 * when some rows are already a lead or saved in the workspace with other figures, what they were offered.
 * Only the rows in view (plus a few) are in the DOM, so 300,000 rows scroll smoothly;
 * aria-rowcount and aria-rowindex tell assistive technology where each row is.
 */
export function ReviewTable({
  properties,
  selection,
  showsChannels = false,
  known = new Map(),
}: {
  properties: ImportedProperties;
  selection: RowSelection;
  showsChannels?: boolean;
  /** Rows already a lead or saved in the workspace with other figures, and what to say of each. */
  known?: ReadonlyMap<number, string>;
}) {
  const showsKnown = known.size > 0;
  const columns = 6 + (showsChannels ? 1 : 0) + (showsKnown ? 1 : 0);
  const scrollRef = useRef<HTMLDivElement>(null);
  const selectAllRef = useRef<HTMLInputElement>(null);
  // The React Compiler leaves this component unmemoised (TanStack Virtual returns fresh functions); it re-renders on scroll anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: properties.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const allSelected = properties.length > 0 && selection.count === properties.length;
  const someSelected = selection.count > 0 && !allSelected;

  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = someSelected;
  }, [someSelected]);

  const rows = virtualizer.getVirtualItems();
  // Rows live in the import worker: fetch the pages in view (and re-render when they arrive).
  useSyncExternalStore(properties.subscribe, () => properties.version);
  const firstIndex = rows[0]?.index ?? 0;
  const lastIndex = rows.at(-1)?.index ?? 0;
  useEffect(() => {
    properties.load(Math.max(0, firstIndex - 100), lastIndex + 200);
  }, [properties, firstIndex, lastIndex]);

  const paddingTop = rows[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (rows.at(-1)?.end ?? 0);

  return (
    <div
      ref={scrollRef}
      className="bulk-table-scroll"
      style={{ '--bulk-table-rows': properties.length } as CSSProperties}
      tabIndex={0}
      role="region"
      aria-label="Imported properties"
    >
      <table className="bulk-table" aria-rowcount={properties.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" className="bulk-table-check">
              <input
                ref={selectAllRef}
                type="checkbox"
                aria-label="Select all properties"
                checked={allSelected}
                onChange={(event) => selection.setAll(event.target.checked)}
              />
            </th>
            <th scope="col">Name</th>
            <th scope="col">Address</th>
            <th scope="col">Email</th>
            <th scope="col" className="bulk-table-number">
              Market Value
            </th>
            <th scope="col" className="bulk-table-number">
              Offer Range
            </th>
            {showsChannels && <th scope="col">Channels</th>}
            {showsKnown && <th scope="col">In your workspace</th>}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden="true" className="bulk-table-spacer">
              <td colSpan={columns} style={{ height: paddingTop }} />
            </tr>
          )}
          {rows.map((row) => {
            const property = properties.get(row.index);
            if (!property) {
              return (
                <tr
                  key={row.key}
                  aria-rowindex={row.index + 2}
                  style={{ height: ROW_HEIGHT }}
                  className="bulk-table-loading"
                >
                  <td className="bulk-table-check" />
                  <td colSpan={columns - 1}>Loading…</td>
                </tr>
              );
            }
            const name = `${property.firstName} ${property.lastName}`.trim();
            const address = fullPropertyAddress(property).replace(/\s+/g, ' ');
            const reach = showsChannels ? listRowChannels(property) : null;
            const channels = reach
              ? [
                  reach.channels.map((channel) => channelLabels[channel]).join(', ') || 'None',
                  reach.whyNot.length > 0 ? `(${reach.whyNot.join('; ')})` : '',
                ]
                  .filter(Boolean)
                  .join(' ')
              : '';
            return (
              <tr key={row.key} aria-rowindex={row.index + 2} style={{ height: ROW_HEIGHT }}>
                <td className="bulk-table-check">
                  <input
                    type="checkbox"
                    aria-label={`Select ${address}`}
                    checked={selection.isSelected(row.index)}
                    onChange={() => selection.toggle(row.index)}
                  />
                </td>
                <td title={name}>{name}</td>
                <td title={address}>{address}</td>
                <td title={property.email}>{property.email ?? <span className="muted">None</span>}</td>
                <td className="bulk-table-number">{formatMoney(property.marketValue)}</td>
                <td className="bulk-table-number">{formatMoneyRange(property.offerRange)}</td>
                {reach && <td title={channels}>{channels}</td>}
                {showsKnown && <td title={known.get(row.index)}>{known.get(row.index) ?? ''}</td>}
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true" className="bulk-table-spacer">
              <td colSpan={columns} style={{ height: paddingBottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
