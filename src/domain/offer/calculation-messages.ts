/** The calculator's validation messages, word for word as the spec gives them (§5). */
export const calculationMessages = {
  addressRequired: 'Please enter a property address',
  // Not in the spec: the bound that keeps an offer within what the database stores.
  repairTotalTooLarge: 'Total repairs must be at most $10,000,000,000',
  // Not in the spec: a negative low offer is no offer, so it is neither shown, saved nor exported.
  offerUnworkable:
    'At this market value the repairs and costs exceed what a cash buyer can pay, so there is no cash offer to show. Check the market value and repair costs.',
} as const;
