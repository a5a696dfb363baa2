import { and, count, eq } from 'drizzle-orm';
import { arvCompsOf } from '#domain/arv/market-value-source.ts';
import { joinPhones } from '#domain/contact/contact-schema.ts';
import { calculationMessages } from '#domain/offer/calculation-messages.ts';
import { offerIsWorkable } from '#domain/offer/compute-offer-range.ts';
import { dealFromCalculation } from '#domain/offer/deal.ts';
import type { SavePropertyRequest } from '#domain/properties/save-property-request.ts';
import type { Database } from '../db/database';
import { savedProperties, savedPropertyVersions, type SavedPropertyFigures } from '../db/schema';
import { inWorkspace, ownedRow } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { savedPropertyNotFound } from './read-saved-property';
import { assertStorable } from './save-property';

/** Earlier versions one saved property keeps at most: its history stays a readable size. */
export const MAX_SAVED_PROPERTY_VERSIONS = 200;

export const updateSavedPropertyMessages = {
  tooManyVersions: `This property has been saved ${MAX_SAVED_PROPERTY_VERSIONS} times, the most one property keeps; save it as a new property instead.`,
} as const;

/**
 * Saves a workspace's property again with a changed calculation (issue 42 §4): the server computes
 * the figures (as for a first save), and in one transaction, holding the property's row, keeps the
 * figures it had as an earlier version and writes the new ones. The plan's limit does not count it
 * (no property is added). 404 for a property the workspace does not own; nothing changes on a refusal.
 */
export async function updateSavedProperty(
  db: Database,
  workspaceId: string,
  propertyId: string,
  request: SavePropertyRequest,
) {
  const deal = dealFromCalculation(request);
  if (!offerIsWorkable(deal.offerRange)) {
    throw new Refusal(400, calculationMessages.offerUnworkable, { code: 'offer-unworkable' });
  }
  const figures: SavedPropertyFigures = {
    address: deal.address,
    marketValue: deal.marketValue,
    repairCosts: deal.repairs,
    totalRepairCost: deal.totalRepairCost,
    cashOfferLow: deal.offerRange.low,
    cashOfferHigh: deal.offerRange.high,
    formula: deal.formula,
    repairEstimate: request.repairEstimate ?? null,
    arvComps: arvCompsOf(request.marketValueSource) ?? null,
    contactName: request.contact.name,
    contactEmail: request.contact.email,
    contactPhone: joinPhones(request.contact.phones),
  };
  assertStorable({ ...deal, repairCosts: deal.repairs });
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(savedProperties)
      .where(ownedRow(savedProperties, propertyId, workspaceId))
      .for('update');
    if (!current) throw savedPropertyNotFound();
    const [kept] = await tx
      .select({ count: count() })
      .from(savedPropertyVersions)
      .where(
        and(eq(savedPropertyVersions.savedPropertyId, current.id), inWorkspace(savedPropertyVersions, workspaceId)),
      );
    if ((kept?.count ?? 0) >= MAX_SAVED_PROPERTY_VERSIONS) {
      throw new Refusal(409, updateSavedPropertyMessages.tooManyVersions, { code: 'too-many-versions' });
    }
    const { id, workspaceId: _workspace, createdAt: _created, ...earlier } = current;
    await tx.insert(savedPropertyVersions).values({ savedPropertyId: id, workspaceId, figures: earlier });
    const [updated] = await tx.update(savedProperties).set(figures).where(eq(savedProperties.id, id)).returning();
    if (!updated) throw new Error('saved property update returned no row');
    const { workspaceId: _owner, ...property } = updated;
    return property;
  });
}
