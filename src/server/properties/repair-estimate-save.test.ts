// Issue 13, item 4: a property saved with a repair estimate other than the checklist keeps the
// mode and its inputs, and its figures are the estimate's; a bad estimate stores nothing.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { toggleRepair } from '#domain/repairs/repair-state.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { savedProperties } from '../db/schema';

const body = (repairEstimate: unknown) => ({
  address: '9 Estimate Way, Austin, TX',
  marketValue: 300000,
  // A checked checklist item does not count when an estimate is given.
  repairs: toggleRepair(defaultRepairCatalog, 'New Roof'),
  repairEstimate,
  template: defaultTemplate,
  contact: { name: 'Ann Lee', email: '', phones: ['512-555-0100'] },
});

describeEachDatabase('saving a property with a repair estimate', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });
  const save = (headers: Record<string, string>, payload: unknown) =>
    app.request('/api/properties', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
  const rowsOf = (userId: string) =>
    database().db.select().from(savedProperties).where(eq(savedProperties.workspaceId, userId));

  it('stores a save without an estimate with no estimate at all (SQL NULL, not the JSON null), and its formula as JSON', async () => {
    const { headers, user } = await signUpTestUser(app);
    expect((await save(headers, body(undefined))).status).toBe(201);
    const [row] = await database()
      .db.select({
        estimateIsNull: sql<boolean>`${savedProperties.repairEstimate} is null`,
        formulaType: sql<string>`jsonb_typeof(${savedProperties.formula})`,
        repairsType: sql<string>`jsonb_typeof(${savedProperties.repairCosts})`,
      })
      .from(savedProperties)
      .where(and(eq(savedProperties.workspaceId, user.id), isNull(savedProperties.arvComps)));
    expect(row).toEqual({ estimateIsNull: true, formulaType: 'object', repairsType: 'array' });
  });

  it('keeps a per-square-foot estimate and counts its total', async () => {
    const { headers, user } = await signUpTestUser(app);
    const estimate = {
      mode: 'per-square-foot',
      squareFeet: 1500,
      condition: 'moderate',
      ratePerSquareFoot: 40,
      contingencyPercent: 15,
    };
    expect((await save(headers, body(estimate))).status).toBe(201);
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({
      repairEstimate: estimate,
      totalRepairCost: 69000,
      repairCosts: [
        { name: 'Moderate repairs: 1,500 sq ft × $40', cost: 60000 },
        { name: 'Contingency 15%', cost: 9000 },
      ],
      // 300,000 × 0.7 − 69,000 − profit 5,000 … 20,000
      cashOfferLow: 121000,
      cashOfferHigh: 136000,
    });
  });

  it('keeps line items; refuses a bad estimate with its message and stores nothing', async () => {
    const { headers, user } = await signUpTestUser(app);
    const items = { mode: 'line-items', items: [{ name: 'Windows', quantity: 12, unitCost: 450 }] };
    expect((await save(headers, body(items))).status).toBe(201);
    expect((await rowsOf(user.id))[0]).toMatchObject({ repairEstimate: items, totalRepairCost: 5400 });

    for (const [estimate, message] of [
      [
        { mode: 'per-square-foot', squareFeet: 1500, condition: 'gut', ratePerSquareFoot: 40, contingencyPercent: 15 },
        'Gut rehab repairs cost between $100 and $140 per sq ft',
      ],
      [{ mode: 'line-items', items: [] }, 'Add at least one line item'],
      [{ mode: 'by-guess' }, undefined],
      [
        { mode: 'line-items', items: Array.from({ length: 51 }, () => ({ name: 'x', quantity: 1, unitCost: 1 })) },
        'At most 50 line items',
      ],
    ] as const) {
      const refused = await save(headers, body(estimate));
      expect(refused.status).toBe(400);
      if (message) expect(JSON.stringify(await refused.json())).toContain(message);
    }
    expect(await rowsOf(user.id)).toHaveLength(1);
  });
});
