import type { NearbySale } from '#domain/arv/arv-request-schema.ts';
import { nearbySalesFromComps } from '#domain/arv/nearby-sales.ts';
import { offerIsWorkable } from '#domain/offer/compute-offer-range.ts';
import { dealFromCalculation } from '#domain/offer/deal.ts';
import type { CalculationInput } from '#domain/offer/offer-request-schema.ts';
import type { OfferSnapshot } from '#domain/offer/offer-snapshot.ts';
import type { ShareOfferRequest } from '#domain/offer/share-offer-request.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { AppContext } from '../app-context';
import type { Database } from '../db/database';
import { savedProperties } from '../db/schema';
import { ownedRow } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { insertOfferLink, type CreatedOfferLink } from './insert-offer-link';

export const offerLinkMessages = {
  unworkable: 'This offer does not work at this market value; adjust the figures before sharing it',
  propertyNotFound: 'Property not found',
} as const;

/** The offer of a calculation, computed here (never the browser's figures); refused when it does not work. */
export function offerFromCalculation(calculation: CalculationInput): OfferSnapshot {
  const deal = dealFromCalculation(calculation);
  if (!offerIsWorkable(deal.offerRange))
    throw new Refusal(400, offerLinkMessages.unworkable, { code: 'offer-unworkable' });
  return { ...deal, templateName: calculation.template.name };
}

/**
 * The offer to share, with the nearby sales its market value rests on (null: none): a calculation's
 * as the request names them, or a saved property of the member's workspace as stored, with the comps
 * it keeps when its market value is their ARV.
 */
async function offerToShare(
  db: Database,
  workspaceId: string,
  request: ShareOfferRequest,
): Promise<{ offer: OfferSnapshot; nearbySales: NearbySale[] | null }> {
  if (request.from === 'calculation')
    return { offer: offerFromCalculation(request.calculation), nearbySales: request.nearbySales ?? null };
  const [row] = await db
    .select()
    .from(savedProperties)
    .where(ownedRow(savedProperties, request.savedPropertyId, workspaceId));
  // Another workspace's property is answered as unknown, not forbidden.
  if (!row) throw new Refusal(404, offerLinkMessages.propertyNotFound);
  return {
    offer: {
      address: row.address,
      marketValue: row.marketValue,
      repairs: row.repairCosts.map(({ name, cost }) => ({ name, cost })),
      totalRepairCost: row.totalRepairCost,
      templateName: row.formula?.name ?? '',
      offerRange: { low: row.cashOfferLow, high: row.cashOfferHigh },
      formula: row.formula,
    },
    nearbySales: nearbySalesFromComps(row.arvComps, row.marketValue) ?? null,
  };
}

/** 'Share offer': a new answerable link to this offer, of the member's workspace and made by them, valid 7 days (§9). */
export async function createOfferLink(
  { env, database }: AppContext,
  { workspaceId, userId }: Pick<WorkspaceMember, 'workspaceId' | 'userId'>,
  request: ShareOfferRequest,
): Promise<CreatedOfferLink & { offer: OfferSnapshot }> {
  const { offer, nearbySales } = await offerToShare(database.db, workspaceId, request);
  const link = await insertOfferLink(database.db, env.APP_URL, {
    workspaceId,
    userId,
    source: 'shared-link',
    offer,
    nearbySales,
  });
  return { ...link, offer };
}
