/** The calculator's validation messages, word for word as the spec gives them (§5). */
export const calculationMessages = {
  addressRequired: 'Please enter a property address',
} as const;
