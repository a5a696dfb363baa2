import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { refetchChangedAccountData, resetAccountData } from '#web/api/account-data.ts';
import { subscribeToChanges } from '#web/api/change-feed.ts';
import { useSession } from '#web/api/use-session.ts';

/**
 * The saved list and plan refresh when the user's rows change anywhere (another tab,
 * device or server process; §4), through the tab's one live feed connection (api/change-feed.ts).
 * When the account changes (sign-out, another sign-in), nothing cached for the last one stays.
 */
export function LiveUpdates() {
  const userId = useSession().user?.id ?? null;
  const queryClient = useQueryClient();
  const previousUserId = useRef(userId);

  useEffect(() => {
    if (previousUserId.current !== null && previousUserId.current !== userId) {
      // Back to an empty state (and a refetch where shown) rather than another account's data.
      void resetAccountData(queryClient);
    }
    previousUserId.current = userId;
  }, [userId, queryClient]);

  useEffect(() => {
    if (userId === null) return;
    // Any change but a lead's (and the feed's connecting, before which changes may have been missed) refetches both.
    return subscribeToChanges(({ table }) => {
      if (table === 'leads') return;
      void refetchChangedAccountData(queryClient);
    });
  }, [userId, queryClient]);
  return null;
}
