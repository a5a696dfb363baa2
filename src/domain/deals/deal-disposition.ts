/** How a wholesaler sells the contract (issue 39 §6): assigned to the buyer, or bought and resold the same day. */
export const DEAL_DISPOSITIONS = ['assigned', 'double-closed'] as const;

export type DealDisposition = (typeof DEAL_DISPOSITIONS)[number];
