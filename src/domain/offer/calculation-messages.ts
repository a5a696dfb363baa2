/** §5 verbatim. */
export const calculationMessages = {
  addressRequired: 'Please enter a property address',
} as const;
