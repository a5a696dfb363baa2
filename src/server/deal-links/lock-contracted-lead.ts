import { dealPageMessages } from '#domain/deals/buyer-listing.ts';
import { CONTRACTED_LEAD_STATUSES } from '#domain/workspaces/roles.ts';
import type { Transaction } from '../db/database';
import type { LeadReader } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { lockOwnedLead } from '../leads-inbox/find-owned-lead';

/**
 * A lead under contract (or closed) the member sees, locked for the rest of the transaction: 404
 * for another workspace's or an unseen one (as lockOwnedLead answers it), 409 before Under Contract.
 */
export async function lockContractedLead(tx: Transaction, member: LeadReader, leadId: string) {
  const lead = await lockOwnedLead(tx, member, leadId);
  if (!CONTRACTED_LEAD_STATUSES.includes(lead.status)) throw new Refusal(409, dealPageMessages.notUnderContract);
  return lead;
}
