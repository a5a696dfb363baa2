import { desc, eq, or } from 'drizzle-orm';
import type { NamedOfferFormula } from '#domain/offer/compute-offer-range.ts';
import type { Database, Transaction } from '../db/database';
import { type leads, offerLinks, savedProperties } from '../db/schema';
import { ownedRow } from '../db/workspace-scope';

/**
 * Where a lead's deal figures come from: its saved property (the analysis kept and edited in the
 * calculator), else its newest offer (the first one, or a revised one), else the lead itself.
 */
export type DealFiguresSource = 'saved-property' | 'offer' | 'lead';

/** A deal's figures as they stand: dollars; the formula its range was last computed with (null: unknown). */
export interface DealFigures {
  source: DealFiguresSource;
  marketValue: number | null;
  repairs: { name: string; cost: number }[];
  totalRepairCost: number;
  formula: NamedOfferFormula | null;
}

/**
 * A lead's deal figures (issue 42 §4), what a revised offer and the calculator start from: its
 * saved property's when it has one (read in the lead's own workspace), else its newest offer link's.
 */
export async function readDealFigures(
  db: Database | Transaction,
  lead: Pick<typeof leads.$inferSelect, 'id' | 'workspaceId' | 'offerLinkId' | 'savedPropertyId' | 'marketValue'>,
): Promise<DealFigures> {
  if (lead.savedPropertyId && lead.workspaceId) {
    const [saved] = await db
      .select()
      .from(savedProperties)
      .where(ownedRow(savedProperties, lead.savedPropertyId, lead.workspaceId));
    if (saved) {
      return {
        source: 'saved-property',
        marketValue: saved.marketValue,
        repairs: saved.repairCosts.map(({ name, cost }) => ({ name, cost })),
        totalRepairCost: saved.totalRepairCost,
        formula: saved.formula,
      };
    }
  }
  const [link] = await db
    .select({
      marketValue: offerLinks.marketValue,
      repairs: offerLinks.repairs,
      totalRepairCost: offerLinks.totalRepairCost,
      formula: offerLinks.formula,
    })
    .from(offerLinks)
    .where(
      lead.offerLinkId
        ? or(eq(offerLinks.id, lead.offerLinkId), eq(offerLinks.revisesLeadId, lead.id))
        : eq(offerLinks.revisesLeadId, lead.id),
    )
    .orderBy(desc(offerLinks.createdAt), desc(offerLinks.id))
    .limit(1);
  if (link) {
    return {
      source: 'offer',
      marketValue: lead.marketValue ?? link.marketValue,
      repairs: link.repairs.map(({ name, cost }) => ({ name, cost })),
      totalRepairCost: link.totalRepairCost,
      formula: link.formula,
    };
  }
  return { source: 'lead', marketValue: lead.marketValue, repairs: [], totalRepairCost: 0, formula: null };
}
