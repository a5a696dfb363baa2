// An offer link's addresses. Its token's schema is apart (offer-token-schema.ts): the offer page
// builds these without loading zod.

/** The homeowner's page for one offer: `${appUrl}/offer/{token}` (appUrl without a trailing slash). */
export function offerPageUrl(appUrl: string, token: string): string {
  return `${appUrl}/offer/${token}`;
}

/** The offer's one-page letter (PDF) for the homeowner to keep: `${appUrl}/api/public/offers/{token}/letter.pdf`. */
export function offerLetterUrl(appUrl: string, token: string): string {
  return `${appUrl}/api/public/offers/${token}/letter.pdf`;
}
