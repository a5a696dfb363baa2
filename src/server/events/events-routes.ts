import { and, eq, gt } from 'drizzle-orm';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { FeedEventName, FeedTable } from '#domain/events/live-feed.ts';
import type { AppContext } from '../app-context';
import { findMembership, requireUser, type AuthVariables } from '../auth/require-user';
import type { Database } from '../db/database';
import { session } from '../db/schema';
import type { RefusalCode } from '../http/refusal';

const HEARTBEAT_MS = 25_000;

/**
 * What a stream says when its process shuts down: an SSE `retry:` field alone (no event), after
 * which the stream closes and the browser's EventSource reconnects in that many milliseconds,
 * through the load balancer to a process still running. Spread over 0.5–2.5 s so that a process's
 * browsers do not all come back in the same instant.
 */
export function reconnectHint(random = Math.random): string {
  return `retry: ${500 + Math.floor(random() * 2000)}\n\n`;
}

/** Live streams one user may hold open on one server process (a few tabs and devices). */
export const MAX_STREAMS_PER_USER = 5;
export const eventsMessages = {
  tooManyStreams: 'Too many live connections. Close some tabs of the app and try again.',
} as const;

async function sessionIsActive(db: Database, sessionId: string) {
  const [row] = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.id, sessionId), gt(session.expiresAt, new Date())));
  return row !== undefined;
}

/**
 * GET /api/events: the live change feed of the signed-in member's workspace (the session's) as
 * server-sent events: a change by any member reaches every member's open streams. At most
 * MAX_STREAMS_PER_USER at once per user and process. A stream ends as soon as its session does
 * (after a `signed-out` event): sign-out, a password reset or revocation anywhere (the session's
 * deletion is announced on the change feed by every process), or expiry; and as soon as the user
 * is removed from the stream's workspace (after an `access-ended` event: the membership's change is
 * announced likewise). Both are checked again with each heartbeat. When the process shuts down
 * (context.shuttingDown), every stream closes after a reconnect hint (reconnectHint).
 */
export function eventsRoutes(context: AppContext) {
  const { db } = context.database;
  const openStreams = new Map<string, number>();
  const release = (userId: string) => {
    const left = (openStreams.get(userId) ?? 1) - 1;
    if (left > 0) openStreams.set(userId, left);
    else openStreams.delete(userId);
  };

  return new Hono<{ Variables: AuthVariables }>().use(requireUser(context)).get('/', (c) => {
    const userId = c.var.user.id;
    const sessionId = c.var.sessionId;
    const { workspaceId } = c.var.member;
    const open = openStreams.get(userId) ?? 0;
    if (open >= MAX_STREAMS_PER_USER) {
      c.header('Retry-After', '30');
      return c.json({ error: eventsMessages.tooManyStreams, code: 'too-many-streams' satisfies RefusalCode }, 429);
    }
    openStreams.set(userId, open + 1);

    return streamSSE(c, async (stream) => {
      const send = (event: FeedEventName, data: { table: FeedTable } | Record<string, never> = {}) =>
        stream.writeSSE({ event, data: JSON.stringify(data) });
      // Why the stream ends, once it must: its session ended, or the workspace removed the user.
      let ended: 'signed-out' | 'access-ended' | null = null;
      let wake = () => {};
      const end = (why: 'signed-out' | 'access-ended') => {
        ended ??= why;
        wake();
      };
      // The process is shutting down: the stream closes with a reconnect hint.
      const closing = () => context.shuttingDown?.aborted === true;
      const onShutdown = () => wake();
      context.shuttingDown?.addEventListener('abort', onShutdown);
      const checkSession = async () => {
        if (ended || (await sessionIsActive(db, sessionId))) return;
        end('signed-out');
      };
      const checkMembership = async () => {
        if (ended || (await findMembership(db, userId, workspaceId))) return;
        end('access-ended');
      };
      try {
        const unsubscribe = await context.changeFeed.subscribe({ workspaceId, userId }, (change) => {
          // A session of this user ended somewhere: is it this one? Not forwarded to the browser.
          if (change.table === 'session') return void checkSession().catch(() => {});
          // One of the user's memberships changed or ended: is it this workspace's? Not forwarded.
          if (change.table === 'member') return void checkMembership().catch(() => {});
          void send('change', { table: change.table });
        });
        stream.onAbort(() => {
          unsubscribe();
          wake();
        });
        // The stream stays open until the browser leaves, it must end, or the process shuts down.
        const stillOpen = () => !stream.aborted && !ended && !closing();
        if (!closing()) await send('ready');
        while (stillOpen()) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, HEARTBEAT_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          if (stillOpen()) await checkSession();
          if (stillOpen()) await checkMembership();
          if (stillOpen()) await send('heartbeat');
        }
        unsubscribe();
        if (ended && !stream.aborted) await send(ended);
        else if (closing() && !stream.aborted) await stream.write(reconnectHint());
      } finally {
        context.shuttingDown?.removeEventListener('abort', onShutdown);
        release(userId);
      }
    });
  });
}
