import { and, eq } from 'drizzle-orm';
import { dealFromCalculation, type ExportDeal } from '../../domain/integrations/export-deal';
import type { ExportSource } from '../../domain/integrations/export-request-schema';
import type { Database } from '../db/database';
import { savedProperties } from '../db/schema';
import { Refusal } from '../http/refusal';

/**
 * The deal to export: a calculation's figures computed here, or the user's own saved row as the
 * server stored it (another user's id is a 404 "not found", not "forbidden").
 */
export async function resolveExportDeal(db: Database, userId: string, source: ExportSource): Promise<ExportDeal> {
  if (source.kind === 'calculation') return dealFromCalculation(source.calculation);
  const [row] = await db
    .select()
    .from(savedProperties)
    .where(and(eq(savedProperties.id, source.savedPropertyId), eq(savedProperties.userId, userId)));
  if (!row) throw new Refusal(404, 'Property not found');
  // repair_costs holds the selected items only, as saveProperty wrote them.
  const repairs = row.repairCosts.map(({ name, cost }) => ({ name, cost }));
  return {
    address: row.address,
    marketValue: row.marketValue,
    totalRepairCost: row.totalRepairCost,
    repairs,
    offerRange: { low: row.cashOfferLow, high: row.cashOfferHigh },
  };
}
