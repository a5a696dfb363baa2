import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refetchChanged, subscribeToChanges } from '#web/api/change-feed.ts';
import { leadsKey } from './leads-api';

/**
 * While an inbox page is shown, the user's leads refresh when any of them changes anywhere: a
 * homeowner answers, another tab moves one, a revised offer goes out (the server announces every
 * change to a lead on its owner's live feed), and when the feed connects, as changes may have been missed before.
 */
export function useLeadsLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeToChanges(({ table }) => {
        // A lead's page shows its follow-up's next touch, which the sequence's own changes move.
        if (table === null || table === 'leads' || table === 'follow_ups') void refetchChanged(queryClient, leadsKey);
      }),
    [queryClient],
  );
}
