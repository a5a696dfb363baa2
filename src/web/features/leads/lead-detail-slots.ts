import type { ComponentType } from 'react';
import type { LeadDetail } from './leads-api';

/** What the app plugs into a lead's page from other features, so that this feature imports none of them. */
export interface LeadDetailSlots {
  /** Export to Sheets and Export to GoHighLevel for this lead (its current offer). */
  LeadExports: ComponentType<{ lead: LeadDetail['lead'] }>;
  /** The buyers whose box fits the deal, once the lead is under contract (issue 39). */
  MatchingBuyers: ComponentType<{ lead: LeadDetail['lead'] }>;
  /** The lead's photos (issue 39), below its facts. */
  LeadPhotos?: ComponentType<{ lead: LeadDetail['lead'] }>;
  /** Under contract: the buyers' offers, the chosen buyers, earnest money, the sale and the fee ledger (issue 39 §6–7). */
  BuyerOffers?: ComponentType<{ lead: LeadDetail['lead'] }>;
  /** The assignment of contract to the deal's primary buyer (issue 39 §8), beside the deal terms. */
  AssignmentDocument?: ComponentType<{ lead: LeadDetail['lead'] }>;
}
