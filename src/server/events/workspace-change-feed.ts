import { z } from 'zod';
import { FEED_TABLES } from '#domain/events/live-feed.ts';
import type { DatabaseConnection, Unlisten } from '../db/database';

const CHANNEL = 'workspace_changes';

const WorkspaceChangeSchema = z.union([
  // A change to a workspace's saved properties, plan or leads: every member's open page hears it.
  z.object({ workspaceId: z.string(), table: z.enum(FEED_TABLES) }),
  // 'session': a sign-in of the user ended; 'member': one of their memberships changed or ended.
  // Streams check these themselves; they are never told to the browser as they are.
  z.object({ userId: z.string(), table: z.enum(['session', 'member']) }),
]);
export type WorkspaceChange = z.infer<typeof WorkspaceChangeSchema>;

/** Whom a subscriber hears: their workspace's changes, and their own sessions' and memberships'. */
export interface FeedScope {
  workspaceId: string;
  userId: string;
}

type Listener = (change: WorkspaceChange) => void;

/**
 * Fans the database's 'workspace_changes' notifications (raised by triggers, so changes made by any
 * server process arrive) out to this process's subscribers: a workspace's changes to each of its
 * members' subscriptions in it, a user's session and membership changes to theirs.
 * One LISTEN per process, opened on the first subscription.
 */
export function createWorkspaceChangeFeed(database: DatabaseConnection) {
  const listenersByWorkspace = new Map<string, Set<Listener>>();
  const listenersByUser = new Map<string, Set<Listener>>();
  let listening: Promise<Unlisten> | undefined;

  function dispatch(payload: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const change = WorkspaceChangeSchema.safeParse(parsed);
    if (!change.success) return;
    const listeners =
      'workspaceId' in change.data
        ? listenersByWorkspace.get(change.data.workspaceId)
        : listenersByUser.get(change.data.userId);
    for (const listener of listeners ?? []) listener(change.data);
  }

  const add = (map: Map<string, Set<Listener>>, key: string, listener: Listener) => {
    const listeners = map.get(key) ?? new Set();
    listeners.add(listener);
    map.set(key, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) map.delete(key);
    };
  };

  return {
    async subscribe({ workspaceId, userId }: FeedScope, listener: Listener): Promise<() => void> {
      listening ??= database.listen(CHANNEL, dispatch).catch((error: unknown) => {
        listening = undefined;
        throw error;
      });
      await listening;
      const removeFromWorkspace = add(listenersByWorkspace, workspaceId, listener);
      const removeFromUser = add(listenersByUser, userId, listener);
      return () => {
        removeFromWorkspace();
        removeFromUser();
      };
    },
    async close() {
      const unlisten = await listening?.catch(() => undefined);
      listening = undefined;
      listenersByWorkspace.clear();
      listenersByUser.clear();
      await unlisten?.();
    },
  };
}

export type WorkspaceChangeFeed = ReturnType<typeof createWorkspaceChangeFeed>;
