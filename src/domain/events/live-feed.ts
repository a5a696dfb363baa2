/** The tables whose changes the signed-in member's live feed (GET /api/events) announces to the browser, for their workspace. */
export const FEED_TABLES = [
  'saved_properties',
  'subscriptions',
  'leads',
  'follow_ups',
  'tasks',
  'buyer_offers',
] as const;
export type FeedTable = (typeof FEED_TABLES)[number];

/**
 * The feed's server-sent event names: 'ready' once it listens, 'change' with `{ table: FeedTable }`
 * for each change in the workspace, 'heartbeat' to keep the connection open, 'signed-out' when its
 * session ended, 'access-ended' when the member was removed from the stream's workspace (their next
 * request is 403 'workspace-access-ended'). The stream closes after either of the last two.
 */
export type FeedEventName = 'ready' | 'change' | 'heartbeat' | 'signed-out' | 'access-ended';

/** Whether a text names a feed table. */
export function isFeedTable(value: unknown): value is FeedTable {
  return (FEED_TABLES as readonly unknown[]).includes(value);
}
