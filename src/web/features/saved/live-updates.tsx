import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../auth/use-session';
import { subscriptionKey } from '../plans/use-subscription';
import { savedPropertiesKey } from './saved-properties-api';

/**
 * §4: the saved list and plan refresh when the user's rows change anywhere (another tab,
 * device or server process). EventSource reconnects by itself after a dropped connection.
 */
export function LiveUpdates() {
  const enabled = useSession().user !== null;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
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
  }, [enabled, queryClient]);
  return null;
}
