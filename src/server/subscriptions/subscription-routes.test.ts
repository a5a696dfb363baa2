import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { subscriptions } from '../db/schema';

describeEachDatabase('subscription API', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  it('starts every new user on free', async () => {
    const { headers } = await signUpTestUser(app);
    const response = await app.request('/api/subscription', { headers });
    expect(await response.json()).toEqual({ plan: 'free', currentPeriodEnd: null, savedCount: 0, limit: 3 });
  });

  it('creates a free row when none is found', async () => {
    const { headers, user } = await signUpTestUser(app);
    await database().db.delete(subscriptions).where(eq(subscriptions.workspaceId, user.id));
    const response = await app.request('/api/subscription', { headers });
    expect(await response.json()).toMatchObject({ plan: 'free', limit: 3 });
    const rows = await database().db.select().from(subscriptions).where(eq(subscriptions.workspaceId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('reports unlimited as a null limit for pro', async () => {
    const { headers, user } = await signUpTestUser(app);
    await database().db.update(subscriptions).set({ plan: 'pro' }).where(eq(subscriptions.workspaceId, user.id));
    const response = await app.request('/api/subscription', { headers });
    expect(await response.json()).toMatchObject({ plan: 'pro', limit: null });
  });

  it('downgrades to free and clears the period end', async () => {
    const { headers, user } = await signUpTestUser(app);
    await database()
      .db.update(subscriptions)
      .set({ plan: 'personal', currentPeriodEnd: new Date('2030-01-01T00:00:00Z') })
      .where(eq(subscriptions.workspaceId, user.id));
    const response = await app.request('/api/subscription/free', { method: 'POST', headers });
    expect(await response.json()).toEqual({ plan: 'free', currentPeriodEnd: null, savedCount: 0, limit: 3 });
  });
});
