import { z } from 'zod';
import { FEED_TABLES } from '../../domain/events/live-feed';
import type { DatabaseConnection, Unlisten } from '../db/database';

const CHANNEL = 'user_changes';

const UserChangeSchema = z.object({
  userId: z.string(),
  // 'session': a sign-in was revoked; the stream checks it and is never told to the browser.
  table: z.enum([...FEED_TABLES, 'session']),
});
export type UserChange = z.infer<typeof UserChangeSchema>;

type Listener = (change: UserChange) => void;

/**
 * Fans the database's 'user_changes' notifications (raised by triggers, so changes made by any
 * server process arrive) out to this process's subscribers, each scoped to one user.
 * One LISTEN per process, opened on the first subscription.
 */
export function createUserChangeFeed(database: DatabaseConnection) {
  const listenersByUser = new Map<string, Set<Listener>>();
  let listening: Promise<Unlisten> | undefined;

  function dispatch(payload: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const change = UserChangeSchema.safeParse(parsed);
    if (!change.success) return;
    for (const listener of listenersByUser.get(change.data.userId) ?? []) listener(change.data);
  }

  return {
    async subscribe(userId: string, listener: Listener): Promise<() => void> {
      listening ??= database.listen(CHANNEL, dispatch).catch((error: unknown) => {
        listening = undefined;
        throw error;
      });
      await listening;
      const listeners = listenersByUser.get(userId) ?? new Set();
      listeners.add(listener);
      listenersByUser.set(userId, listeners);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) listenersByUser.delete(userId);
      };
    },
    async close() {
      const unlisten = await listening?.catch(() => undefined);
      listening = undefined;
      listenersByUser.clear();
      await unlisten?.();
    },
  };
}

export type UserChangeFeed = ReturnType<typeof createUserChangeFeed>;
