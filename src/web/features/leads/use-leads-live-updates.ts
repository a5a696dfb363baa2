import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { leadsKey } from './leads-api';

/**
 * While an inbox page is shown, the user's leads refresh when any of them changes anywhere: a
 * homeowner answers, another tab moves one, a revised offer goes out (the server announces every
 * change to a lead on its owner's feed, /api/events). EventSource reconnects by itself; after a
 * reconnect, changes made meanwhile were missed, so everything is fetched once more.
 */
export function useLeadsLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const events = new EventSource('/api/events');
    const refresh = () => void queryClient.invalidateQueries({ queryKey: leadsKey });
    let connectedBefore = false;
    events.addEventListener('change', (event: MessageEvent<string>) => {
      if (changedTable(event.data) === 'leads') refresh();
    });
    events.addEventListener('ready', () => {
      if (connectedBefore) refresh();
      connectedBefore = true;
    });
    return () => events.close();
  }, [queryClient]);
}

/** The table a change event names ('leads'), or null when the event cannot be read. */
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
