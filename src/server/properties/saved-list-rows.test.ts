// The saved list's rows are made by hand from the driver's values (listedPropertyOf), not by
// Drizzle's mapping: they must be the very objects Drizzle would have made, key order included,
// so that the list's JSON stays byte for byte the same.
import { beforeAll, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { savedProperties } from '../db/schema';
import { firstPageQuery, listSavedProperties } from './list-saved-properties';

const formula = {
  name: 'Standard Wholesale',
  arvMultiplier: 0.7,
  repairMultiplier: 1,
  minProfit: 5000,
  maxProfit: 20000,
};

describeEachDatabase('the saved list’s rows', (database) => {
  let workspaceId: string;
  beforeAll(async () => {
    const { user } = await signUpTestUser(createTestApp(database(), { TRUST_PROXY: '1' }));
    workspaceId = user.id;
    const row = (index: number) => ({
      workspaceId,
      address: `${index} Ünïcode "Quoted" Rd\n, Austin, TX`,
      marketValue: [200000, 1234.5, 0.01, 999999999999.99, -0][index % 4]!,
      repairCosts: index % 2 ? [] : [{ name: 'New Roof', cost: 9000.25 }],
      totalRepairCost: index % 3 ? 0 : 9000.25,
      cashOfferLow: 120000.1,
      cashOfferHigh: 135000,
      formula: index % 2 ? null : formula,
      repairEstimate: index % 3 ? null : { mode: 'per-square-foot', squareFeet: 1500, ratePerSquareFoot: 40.5 },
      arvComps: index % 4 ? null : { subject: { beds: 3 }, comps: [{ price: 1e6, excluded: false }], arv: 250000 },
      contactName: index % 5 ? 'Ann Lee' : '',
      contactEmail: 'ann@example.com',
      contactPhone: '512-555-0100',
      // Two rows in the same millisecond: the page's order then goes by id.
      createdAt: new Date(Date.UTC(2026, 10, 26, 11, 35, 55, 123) - Math.floor(index / 2) * 1_001),
    });
    await database()
      .db.insert(savedProperties)
      .values(Array.from({ length: 9 }, (_, index) => row(index)) as (typeof savedProperties.$inferInsert)[]);
  });

  const drizzlesRows = () =>
    firstPageQuery(database().db).prepare('saved_list_rows_test').execute({ workspaceId, limit: 100 });

  it('are the objects Drizzle’s mapping makes of the same query, in the same key order', async () => {
    const expected = await drizzlesRows();
    expect(expected).toHaveLength(9);
    const { properties, nextCursor } = await listSavedProperties(database().db, workspaceId, { limit: 100 });
    expect(nextCursor).toBeNull();
    expect(properties).toStrictEqual(expected);
    expect(JSON.stringify(properties)).toBe(JSON.stringify(expected));
    expect(properties[0]?.createdAt.toISOString()).toBe('2026-11-26T11:35:55.123Z');
  });

  it('are the same a page at a time, after a cursor', async () => {
    const expected = await drizzlesRows();
    const pages = [];
    let cursor: string | undefined;
    do {
      const page = await listSavedProperties(database().db, workspaceId, { limit: 2, cursor });
      pages.push(...page.properties);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(JSON.stringify(pages)).toBe(JSON.stringify(expected));
  });
});
