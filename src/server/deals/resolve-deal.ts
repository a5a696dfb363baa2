import { and, eq } from 'drizzle-orm';
import type { ExportSource } from '#domain/integrations/export-request-schema.ts';
import { calculationMessages } from '#domain/offer/calculation-messages.ts';
import { offerIsWorkable } from '#domain/offer/compute-offer-range.ts';
import { dealFromCalculation, type Deal } from '#domain/offer/deal.ts';
import type { Database } from '../db/database';
import { leads, offerLinks, savedProperties } from '../db/schema';
import { leadsVisibleTo, ownedRow, type LeadReader } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';

/** Who asks for a deal: their workspace, and whether they see its every lead or only those given to them. */
export type DealReader = LeadReader;

/**
 * The deal a document or an export is about: a calculation's figures computed here, or a saved
 * property or lead of the member's workspace as the server stored it (another workspace's id, or a
 * lead the member does not see, is a 404 "not found", not "forbidden").
 */
export async function resolveDeal(db: Database, member: DealReader, source: ExportSource): Promise<Deal> {
  if (source.kind === 'calculation') {
    const deal = dealFromCalculation(source.calculation);
    if (!offerIsWorkable(deal.offerRange)) {
      throw new Refusal(400, calculationMessages.offerUnworkable, { code: 'offer-unworkable' });
    }
    return deal;
  }
  if (source.kind === 'lead') return leadDeal(db, member, source.leadId);
  const [row] = await db
    .select()
    .from(savedProperties)
    .where(ownedRow(savedProperties, source.savedPropertyId, member.workspaceId));
  if (!row) throw new Refusal(404, 'Property not found');
  // repair_costs holds the selected items only, as saveProperty wrote them.
  const repairs = row.repairCosts.map(({ name, cost }) => ({ name, cost }));
  return {
    address: row.address,
    marketValue: row.marketValue,
    totalRepairCost: row.totalRepairCost,
    repairs,
    offerRange: { low: row.cashOfferLow, high: row.cashOfferHigh },
    formula: row.formula ?? null,
    arvComps: row.arvComps,
  };
}

/**
 * A lead of the workspace's inbox as a deal: its current offer and the repairs of the offer it
 * answered; 404 for another workspace's, and for a lead not given to a member who sees only theirs.
 */
async function leadDeal(db: Database, member: DealReader, leadId: string): Promise<Deal> {
  const [lead] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), leadsVisibleTo(member)));
  if (!lead) throw new Refusal(404, 'Lead not found');
  if (lead.marketValue === null || lead.offerLow === null || lead.offerHigh === null) {
    throw new Refusal(409, 'This lead has no offer with a market value to export');
  }
  const [link] = lead.offerLinkId ? await db.select().from(offerLinks).where(eq(offerLinks.id, lead.offerLinkId)) : [];
  return {
    address: lead.address,
    marketValue: lead.marketValue,
    totalRepairCost: link?.totalRepairCost ?? 0,
    repairs: link?.repairs ?? [],
    offerRange: { low: lead.offerLow, high: lead.offerHigh },
    formula: link?.formula ?? null,
  };
}
