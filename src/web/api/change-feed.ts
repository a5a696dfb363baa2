import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { isFeedTable, type FeedEventName, type FeedTable } from '#domain/events/live-feed.ts';

/**
 * What changed on the signed-in user's live feed (/api/events): one table's rows ('leads',
 * 'saved_properties', 'subscriptions'), or null for "anything may have": whenever the feed
 * (re)connects, as changes made before it listened were missed (a page's first data is fetched
 * as the page loads, before its feed is open; a dropped connection misses what happened meanwhile).
 */
export interface FeedChange {
  table: FeedTable | null;
}

type Listener = (change: FeedChange) => void;

/**
 * How long a page takes data the feed keeps fresh as fresh (React Query's staleTime): the feed
 * refetches it when it changes and when the feed connects, so showing it again (the page's
 * preloaded first data, say) need not ask again. It bounds what a tab whose feed cannot connect shows.
 */
export const LIVE_DATA_STALE_TIME_MS = 10_000;

const listeners = new Set<Listener>();
const accessEndedListeners = new Set<() => void>();
let source: EventSource | null = null;

/** The table a change event names, or null when the event cannot be read or names no table the feed announces. */
export function changedTable(data: string): FeedTable | null {
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null && 'table' in parsed && isFeedTable(parsed.table)
      ? parsed.table
      : null;
  } catch {
    return null;
  }
}

function openFeed(): EventSource {
  const events = new EventSource('/api/events');
  const announce = (change: FeedChange) => {
    for (const listener of listeners) listener(change);
  };
  const on = (name: FeedEventName, handle: (event: MessageEvent<string>) => void) =>
    events.addEventListener(name, handle);
  on('change', (event) => announce({ table: changedTable(event.data) }));
  on('ready', () => announce({ table: null }));
  // The workspace removed the member: the stream is over for good (reconnecting would be refused).
  on('access-ended', () => {
    events.close();
    for (const listener of accessEndedListeners) listener();
  });
  return events;
}

/**
 * Listens to the signed-in user's live changes. Every listener of a tab shares one connection
 * (the server allows a user only a few streams), opened with the first and closed with the last;
 * EventSource reconnects by itself after a dropped connection. Returns the unsubscribe.
 */
export function subscribeToChanges(listener: Listener): () => void {
  listeners.add(listener);
  source ??= openFeed();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      source?.close();
      source = null;
    }
  };
}

/** Calls `listener` when the live feed says the session's workspace removed the user; returns the unsubscribe. */
export function onWorkspaceAccessEnded(listener: () => void): () => void {
  accessEndedListeners.add(listener);
  return () => accessEndedListeners.delete(listener);
}

/**
 * Fetches again the queries under `queryKey` after the feed said they may have changed. A fetch
 * under way may have been answered before the change, so it is dropped first: TanStack Query
 * would otherwise let a query's first fetch run on and keep its answer as fresh (a page's
 * preloaded data, say, still arriving when the feed connects).
 */
export async function refetchChanged(queryClient: QueryClient, queryKey: QueryKey) {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
