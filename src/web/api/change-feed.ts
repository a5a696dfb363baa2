/**
 * What changed on the signed-in user's live feed (/api/events): one table's rows ('leads',
 * 'saved_properties', 'subscriptions'), or null for "anything may have": whenever the feed
 * (re)connects, as changes made before it listened were missed (a page's first data is fetched
 * as the page loads, before its feed is open; a dropped connection misses what happened meanwhile).
 */
export interface FeedChange {
  table: string | null;
}

type Listener = (change: FeedChange) => void;

const listeners = new Set<Listener>();
let source: EventSource | null = null;

/** The table a change event names, or null when the event cannot be read. */
export function changedTable(data: string): string | null {
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null && 'table' in parsed && typeof parsed.table === 'string'
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
  events.addEventListener('change', (event: MessageEvent<string>) => announce({ table: changedTable(event.data) }));
  events.addEventListener('ready', () => announce({ table: null }));
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
