/** The tables whose changes the signed-in user's live feed (GET /api/events) announces to the browser. */
export const FEED_TABLES = ['saved_properties', 'subscriptions', 'leads'] as const;
export type FeedTable = (typeof FEED_TABLES)[number];

/**
 * The feed's server-sent event names: 'ready' once it listens, 'change' with `{ table: FeedTable }`
 * for each change, 'heartbeat' to keep the connection open, 'signed-out' when its session ended.
 */
export type FeedEventName = 'ready' | 'change' | 'heartbeat' | 'signed-out';

/** Whether a text names a feed table. */
export function isFeedTable(value: unknown): value is FeedTable {
  return (FEED_TABLES as readonly unknown[]).includes(value);
}
