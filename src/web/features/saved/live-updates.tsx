import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSession } from '../../api/use-session';
import { subscriptionKey } from '../../api/use-subscription';
import { savedPropertiesKey } from './saved-properties-api';

/**
 * The saved list and plan refresh when the user's rows change anywhere (another tab,
 * device or server process; §4). EventSource reconnects by itself after a dropped connection.
 * When the account changes (sign-out, another sign-in), nothing cached for the last one stays.
 */
export function LiveUpdates() {
  const userId = useSession().user?.id ?? null;
  const queryClient = useQueryClient();
  const previousUserId = useRef(userId);

  useEffect(() => {
    if (previousUserId.current !== null && previousUserId.current !== userId) {
      // Back to an empty state (and a refetch where shown) rather than another account's data.
      void queryClient.resetQueries({ queryKey: savedPropertiesKey });
      void queryClient.resetQueries({ queryKey: subscriptionKey });
    }
    previousUserId.current = userId;
  }, [userId, queryClient]);

  useEffect(() => {
    if (userId === null) return;

    const events = new EventSource('/api/events');
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: savedPropertiesKey });
      void queryClient.invalidateQueries({ queryKey: subscriptionKey });
    };
    let connectedBefore = false;
    events.addEventListener('change', refresh);
    events.addEventListener('ready', () => {
      // After a reconnect, changes made while disconnected were missed: refetch once.
      if (connectedBefore) refresh();
      connectedBefore = true;
    });
    return () => events.close();
  }, [userId, queryClient]);
  return null;
}
