import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { organization, savedProperties } from '../db/schema';
import { newestFirst } from './list-saved-properties';

describeEachDatabase("the saved list's order", (database) => {
  it("is read off the workspace's index, never by sorting every saved property", async () => {
    const { db } = database();
    const workspaceId = randomUUID();
    await db
      .insert(organization)
      .values({ id: workspaceId, name: 'Index check', slug: workspaceId, createdAt: new Date() });
    await db.execute(sql`
      insert into saved_properties (workspace_id, address, market_value, repair_costs, total_repair_cost,
        cash_offer_low, cash_offer_high, contact_name, created_at)
      select ${workspaceId}, i || ' Oak St', 200000, '[]'::jsonb, 0, 120000, 135000, 'Owner', now() - (i || ' seconds')::interval
      from generate_series(1, 3000) as i`);
    await db.execute(sql`analyze saved_properties`);

    const firstPage = db
      .select({ id: savedProperties.id })
      .from(savedProperties)
      .where(eq(savedProperties.workspaceId, workspaceId))
      .orderBy(...newestFirst)
      .limit(101)
      .toSQL();
    const inlined = firstPage.sql.replace(/\$(\d+)/g, (_, n: string) => `'${String(firstPage.params[Number(n) - 1])}'`);
    const { rows } = (await db.execute(sql.raw(`explain ${inlined}`))) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index (Only )?Scan using saved_properties_workspace_created_idx/);
    expect(plan).not.toMatch(/Sort/);
  });
});
