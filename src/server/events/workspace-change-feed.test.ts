import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { openPostgresDatabase, type DatabaseConnection } from '../db/database';
import { subscriptions } from '../db/schema';
import { createWorkspaceChangeFeed, type WorkspaceChange, type WorkspaceChangeFeed } from './workspace-change-feed';

/**
 * Subscribes now; the returned promise resolves with the user's next change. The 10 s only ends a
 * wait for a change that never comes, with a clear message: how fast one arrives is not a test's
 * claim on a shared machine.
 */
async function subscribeToNextChange(
  feed: WorkspaceChangeFeed,
  userId: string,
): Promise<{ next: Promise<WorkspaceChange> }> {
  let resolveChange: (change: WorkspaceChange) => void = () => {};
  const next = new Promise<WorkspaceChange>((resolve, reject) => {
    resolveChange = resolve;
    setTimeout(() => reject(new Error('no change arrived (waited 10 s)')), 10_000);
  });
  // A single-user setup: the user's own workspace has the user's id.
  const unsubscribe = await feed.subscribe({ workspaceId: userId, userId }, (change) => resolveChange(change));
  // Wrapped: an async function returning a bare promise would wait for it.
  return { next: next.finally(unsubscribe) };
}

describeEachDatabase('live change feed', (database, kind) => {
  let feed: WorkspaceChangeFeed;
  beforeAll(() => {
    feed = createWorkspaceChangeFeed(database());
  });
  afterAll(() => feed.close());

  it("announces a change to the user's subscription made through another connection", async () => {
    const app = createTestApp(database(), { TRUST_PROXY: '1' });
    const { user } = await signUpTestUser(app);
    const other = await signUpTestUser(app);
    let othersChanges = 0;
    await feed.subscribe({ workspaceId: other.user.id, userId: other.user.id }, () => othersChanges++);

    const { next: nextChange } = await subscribeToNextChange(feed, user.id);
    // On PostgreSQL the write comes from a pool of its own, as another server process would make it.
    const url = database().url;
    const writer: DatabaseConnection = kind === 'postgres' && url ? await openPostgresDatabase(url) : database();
    await writer.db.update(subscriptions).set({ plan: 'pro' }).where(eq(subscriptions.workspaceId, user.id));
    const change = await nextChange;
    expect(change).toEqual({ workspaceId: user.id, table: 'subscriptions' });
    expect(othersChanges).toBe(0);
    if (writer !== database()) await writer.close();
  });
});
