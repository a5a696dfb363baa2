/** §9: an offer stands for 7 days from when it was made ('This offer is valid for 7 days.'). */
export const OFFER_VALID_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an offer made at `createdAt` stops being valid: exactly OFFER_VALID_DAYS × 24 h later. */
export function offerExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + OFFER_VALID_DAYS * DAY_MS);
}

/** True from the expiry instant on. */
export function isOfferExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

const longDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** The expiry as a calendar date in UTC ('November 29, 2026'). */
export function formatOfferDate(date: Date): string {
  return longDate.format(date);
}

/** §9 wording with its date: 'This offer is valid for 7 days (until November 29, 2026).' */
export function offerValidityText(expiresAt: Date): string {
  return `This offer is valid for ${OFFER_VALID_DAYS} days (until ${formatOfferDate(expiresAt)}).`;
}

/** What an expired offer says instead: 'This offer expired on November 29, 2026.' */
export function offerExpiredText(expiresAt: Date): string {
  return `This offer expired on ${formatOfferDate(expiresAt)}.`;
}
