import { describe, expect, it } from 'vitest';
import {
  OFFER_VALID_DAYS,
  isOfferExpired,
  offerExpiredText,
  offerExpiresAt,
  offerValidityText,
} from './offer-validity';

describe('offer validity (§9: valid for 7 days)', () => {
  const created = new Date('2026-11-22T17:00:00.000Z');
  const expires = offerExpiresAt(created);

  it('expires exactly 7 × 24 hours after it was made', () => {
    expect(OFFER_VALID_DAYS).toBe(7);
    expect(expires.toISOString()).toBe('2026-11-29T17:00:00.000Z');
  });

  it('is valid until the expiry instant, expired from it on', () => {
    expect(isOfferExpired(expires, new Date(expires.getTime() - 1))).toBe(false);
    expect(isOfferExpired(expires, expires)).toBe(true);
  });

  it('says so with the spec wording and the date', () => {
    expect(offerValidityText(expires)).toBe('This offer is valid for 7 days (until November 29, 2026).');
    expect(offerExpiredText(expires)).toBe('This offer expired on November 29, 2026.');
  });
});
