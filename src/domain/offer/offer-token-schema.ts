import { z } from 'zod';

/** An offer link's token: 32 random bytes (256 bits) in base64url, 43 characters, no padding. */
export const OFFER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The `{token}` of `/offer/{token}`; anything else cannot be a token and is answered as unknown. */
export const OfferTokenSchema = z.string().regex(OFFER_TOKEN_PATTERN, 'Offer not found');
