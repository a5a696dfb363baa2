import { createHash, randomBytes } from 'node:crypto';

/**
 * A new offer link's token: 32 random bytes (256 bits) from the OS generator, base64url (43
 * characters). Only its SHA-256 is stored, so the database (or a backup) never holds a working
 * link; a token is looked up by its hash. It carries no data, so it reveals nothing.
 */
export function createOfferToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOfferToken(token) };
}

/** The stored form of a token: SHA-256, hex. A fast hash suffices: the token has 256 bits of entropy. */
export function hashOfferToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
