import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppContext } from '../app-context';
import { formulaTemplates, repairCatalog } from '../db/schema';

/** Reference data for the calculator: formula templates (§7: sorted by name) and the repair catalog. */
export function calculatorRoutes({ database }: AppContext) {
  const { db } = database;
  return new Hono()
    .get('/templates', async (c) => {
      const rows = await db
        .select({
          name: formulaTemplates.name,
          description: formulaTemplates.description,
          arvMultiplier: formulaTemplates.arvMultiplier,
          repairMultiplier: formulaTemplates.repairMultiplier,
          minProfit: formulaTemplates.minProfit,
          maxProfit: formulaTemplates.maxProfit,
        })
        .from(formulaTemplates)
        .orderBy(asc(formulaTemplates.name));
      return c.json({ templates: rows });
    })
    .get('/repairs', async (c) => {
      const rows = await db
        .select({
          name: repairCatalog.name,
          description: repairCatalog.description,
          minCost: repairCatalog.minCost,
          maxCost: repairCatalog.maxCost,
        })
        .from(repairCatalog)
        .orderBy(asc(repairCatalog.position));
      return c.json({ repairs: rows });
    });
}
