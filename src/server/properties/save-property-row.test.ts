// A save's answer is made by hand from the insert's returned values (savedPropertyOf), not by
// Drizzle's mapping: it must be the object Drizzle would have made, key order included, so that
// the answer's JSON stays byte for byte the same.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { setRepairCost, toggleRepair } from '#domain/repairs/repair-state.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { savedProperties, subscriptions } from '../db/schema';

const repairs = setRepairCost(toggleRepair(defaultRepairCatalog, 'New Roof'), 'New Roof', 9000.5);

const perSquareFootEstimate = {
  mode: 'per-square-foot',
  squareFeet: 1500,
  condition: 'moderate',
  ratePerSquareFoot: 40,
  contingencyPercent: 15,
};

describeEachDatabase('a save’s answer', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  // A free plan's save runs in the locked transaction, a Pro save in one statement: both answer alike.
  it.each(
    (['free', 'pro'] as const).flatMap((plan) => [
      ['the checklist', plan, undefined],
      ['an estimate', plan, perSquareFootEstimate],
    ]),
  )('with %s on %s is the row Drizzle reads back, as JSON byte for byte', async (_name, plan, repairEstimate) => {
    const { headers, user } = await signUpTestUser(app);
    await database().db.update(subscriptions).set({ plan }).where(eq(subscriptions.workspaceId, user.id));
    const response = await app.request('/api/properties', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        address: '12 Ünïcode "Oak" St, Austin, TX',
        marketValue: 200000.25,
        repairs,
        repairEstimate,
        template: defaultTemplate,
        contact: { name: 'Ann Lee', email: 'ann@example.com', phones: ['512-555-0100'] },
      }),
    });
    expect(response.status).toBe(201);
    const rows = await database().db.select().from(savedProperties).where(eq(savedProperties.workspaceId, user.id));
    expect(rows).toHaveLength(1);
    expect(await response.text()).toBe(JSON.stringify({ property: rows[0] }));
  });
});
