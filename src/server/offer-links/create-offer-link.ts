import { and, eq } from 'drizzle-orm';
import { dealFromCalculation } from '../../domain/offer/deal';
import { offerIsWorkable } from '../../domain/offer/compute-offer-range';
import type { OfferSnapshot } from '../../domain/offer/offer-snapshot';
import type { CalculationInput } from '../../domain/offer/offer-request-schema';
import type { ShareOfferRequest } from '../../domain/offer/share-offer-request';
import type { WorkspaceMember } from '../../domain/workspaces/roles';
import type { AppContext } from '../app-context';
import type { Database } from '../db/database';
import { savedProperties } from '../db/schema';
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

/** The offer to share: a calculation's, or a saved property of the member's workspace as stored. */
async function offerToShare(db: Database, workspaceId: string, request: ShareOfferRequest): Promise<OfferSnapshot> {
  if (request.from === 'calculation') return offerFromCalculation(request.calculation);
  const [row] = await db
    .select()
    .from(savedProperties)
    .where(and(eq(savedProperties.id, request.savedPropertyId), eq(savedProperties.workspaceId, workspaceId)));
  // Another workspace's property is answered as unknown, not forbidden.
  if (!row) throw new Refusal(404, offerLinkMessages.propertyNotFound);
  return {
    address: row.address,
    marketValue: row.marketValue,
    repairs: row.repairCosts.map(({ name, cost }) => ({ name, cost })),
    totalRepairCost: row.totalRepairCost,
    templateName: row.formula?.name ?? '',
    offerRange: { low: row.cashOfferLow, high: row.cashOfferHigh },
    formula: row.formula,
  };
}

/** 'Share offer': a new answerable link to this offer, of the member's workspace and made by them, valid 7 days (§9). */
export async function createOfferLink(
  { env, database }: AppContext,
  { workspaceId, userId }: Pick<WorkspaceMember, 'workspaceId' | 'userId'>,
  request: ShareOfferRequest,
): Promise<CreatedOfferLink & { offer: OfferSnapshot }> {
  const offer = await offerToShare(database.db, workspaceId, request);
  const link = await insertOfferLink(database.db, env.APP_URL, { workspaceId, userId, source: 'shared-link', offer });
  return { ...link, offer };
}
