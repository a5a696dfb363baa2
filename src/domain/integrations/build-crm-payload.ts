import { splitFullName, type CrmContact } from '../contact/contact-schema';
import type { Deal } from '../offer/deal';
import { CRM_EXPORT_SOURCE, CRM_EXPORT_TAGS } from './integration-messages';

/** §3 CRM export payload, field for field; money in dollars as numbers. */
export interface CrmPayload {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  marketValue: number;
  totalRepairCost: number;
  repairDetails: { name: string; cost: number }[];
  cashOfferLow: number;
  cashOfferHigh: number;
  exportDate: string;
  source: string;
  tags: string[];
}

/** §3 CRM payload: name split at the first space (§5), selected repairs only, exportDate = now as ISO 8601 (UTC). */
export function buildCrmPayload({ contact, deal, now }: { contact: CrmContact; deal: Deal; now: Date }): CrmPayload {
  const { firstName, lastName } = splitFullName(contact.name);
  return {
    firstName,
    lastName,
    email: contact.email,
    phone: contact.phone,
    address: deal.address,
    marketValue: deal.marketValue,
    totalRepairCost: deal.totalRepairCost,
    repairDetails: deal.repairs.map(({ name, cost }) => ({ name, cost })),
    cashOfferLow: deal.offerRange.low,
    cashOfferHigh: deal.offerRange.high,
    exportDate: now.toISOString(),
    source: CRM_EXPORT_SOURCE,
    tags: [...CRM_EXPORT_TAGS],
  };
}
