import { proofOfFundsTypeOfName } from '#domain/buyers/proof-of-funds-rules.ts';
import { buyers } from '../db/schema';

/** The columns a buyer is read with. */
export const buyerColumns = {
  id: buyers.id,
  name: buyers.name,
  company: buyers.company,
  email: buyers.email,
  phone: buyers.phone,
  areas: buyers.areas,
  propertyTypes: buyers.propertyTypes,
  strategies: buyers.strategies,
  priceMin: buyers.priceMin,
  priceMax: buyers.priceMax,
  maxRepairs: buyers.maxRepairs,
  proofOfFundsAmount: buyers.proofOfFundsAmount,
  proofOfFundsExpiresOn: buyers.proofOfFundsExpiresOn,
  proofOfFundsFileKey: buyers.proofOfFundsFileKey,
  notes: buyers.notes,
  optedOutAt: buyers.optedOutAt,
  createdAt: buyers.createdAt,
  updatedAt: buyers.updatedAt,
};

type BuyerRow = Pick<typeof buyers.$inferSelect, keyof typeof buyerColumns>;

/**
 * A buyer as the API answers it: dates as ISO text, opted out as a flag and its time, and the type
 * of their proof-of-funds file (null: none uploaded), never its storage key.
 */
export function buyerView({ proofOfFundsFileKey, ...row }: BuyerRow) {
  return {
    ...row,
    proofOfFundsFileType: proofOfFundsFileKey === null ? null : (proofOfFundsTypeOfName(proofOfFundsFileKey) ?? null),
    optedOut: row.optedOutAt !== null,
    optedOutAt: row.optedOutAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type BuyerView = ReturnType<typeof buyerView>;
