import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppContext } from '../app-context';
import { requireUser, type AuthVariables } from '../auth/require-user';

const HEARTBEAT_MS = 25_000;

/** GET /api/events: the signed-in user's live change feed as server-sent events. */
export function eventsRoutes(context: AppContext) {
  return new Hono<{ Variables: AuthVariables }>().use(requireUser(context)).get('/', (c) => {
    const userId = c.var.user.id;
    return streamSSE(c, async (stream) => {
      const unsubscribe = await context.changeFeed.subscribe(userId, (change) => {
        void stream.writeSSE({ event: 'change', data: JSON.stringify({ table: change.table }) });
      });
      stream.onAbort(unsubscribe);
      await stream.writeSSE({ event: 'ready', data: '{}' });
      while (!stream.aborted) {
        await stream.sleep(HEARTBEAT_MS);
        if (!stream.aborted) await stream.writeSSE({ event: 'heartbeat', data: '{}' });
      }
      unsubscribe();
    });
  });
}
