import type Stripe from 'stripe';
import type { Auth } from './auth/create-auth';
import type { DatabaseConnection } from './db/database';
import type { Env } from './env';
import type { WorkspaceChangeFeed } from './events/workspace-change-feed';
import type { FollowUpClock } from './follow-ups/follow-up-clock';

/** What every capability's routes are built from: configuration, the open database, and accounts. */
export interface AppContext {
  env: Env;
  database: DatabaseConnection;
  /** Better Auth and its password hasher; route modules use requireUser(context) (auth/require-user.ts). */
  auth: Auth;
  /**
   * The server secret Better Auth signs sessions with (BETTER_AUTH_SECRET, or the one generated in
   * DATA_DIR: auth/auth-secret.ts). Also signs unsubscribe links and demo checkouts, and keys the
   * settings cipher, so changing it logs everyone out and makes those unreadable.
   */
  serverSecret: string;
  /** Live changes to each workspace's saved properties, plan, leads and follow-ups, and to its members' sessions (events/workspace-change-feed.ts). */
  changeFeed: WorkspaceChangeFeed;
  /** The payment provider's SDK (billing/create-stripe-client.ts); undefined when none is configured (demo billing). */
  stripe?: Stripe;
  /** The time follow-ups run by (follow-ups/follow-up-clock.ts), shared with their worker; default the real clock. */
  followUpClock?: FollowUpClock;
  /**
   * Aborted when the process starts shutting down (SIGTERM: shutdown/shut-down-gracefully.ts): live
   * streams end with a reconnect hint, so browsers reconnect to another process.
   */
  shuttingDown?: AbortSignal;
}
