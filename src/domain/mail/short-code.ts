/**
 * The short address printed on a letter, `{APP_URL}/o/XXXXX-XXXXX`, that a person types from paper:
 * 10 characters of Crockford's base32 (digits and letters without I, L, O and U, which read as 1,
 * 1, 0 and V), 5 bits each: 50 random bits, far more than misses can try under the rate limit.
 */
export const SHORT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Characters in a code (without its dash). */
export const SHORT_CODE_LENGTH = 10;

/** Random bytes a code is drawn from: 7 bytes give 56 bits, of which the code keeps 50. */
export const SHORT_CODE_RANDOM_BYTES = 7;

/** What a reader may type for a look-alike: Crockford's reading (O as 0, I and L as 1). */
const LOOK_ALIKES: Record<string, string> = { O: '0', I: '1', L: '1' };

/**
 * A code from SHORT_CODE_RANDOM_BYTES random bytes (the caller's cryptographic source): their
 * first 50 bits, 5 at a time, as SHORT_CODE_LENGTH alphabet characters, without its dash.
 */
export function shortCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < SHORT_CODE_RANDOM_BYTES)
    throw new Error(`a short code needs ${SHORT_CODE_RANDOM_BYTES} random bytes`);
  let bits = 0n;
  for (const byte of bytes.subarray(0, SHORT_CODE_RANDOM_BYTES)) bits = (bits << 8n) | BigInt(byte);
  bits >>= BigInt(SHORT_CODE_RANDOM_BYTES * 8 - SHORT_CODE_LENGTH * 5);
  let code = '';
  for (let index = SHORT_CODE_LENGTH - 1; index >= 0; index--) {
    code += SHORT_CODE_ALPHABET[Number((bits >> BigInt(index * 5)) & 31n)];
  }
  return code;
}

/** A code as it is printed: 'ABCDE-FGHJK'. */
export function formatShortCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * A typed code as stored (10 upper-case alphabet characters), or null when it cannot be one: read
 * case-insensitively, with or without its dash, spaces ignored, O read as 0 and I or L as 1.
 */
export function parseShortCode(typed: string): string | null {
  if (typed.length > 40) return null;
  const compact = typed.replace(/[\s-]/g, '').toUpperCase();
  let code = '';
  for (const character of compact) {
    const read = LOOK_ALIKES[character] ?? character;
    if (!SHORT_CODE_ALPHABET.includes(read)) return null;
    code += read;
  }
  return code.length === SHORT_CODE_LENGTH ? code : null;
}

/** The short address of a code: `{APP_URL}/o/ABCDE-FGHJK` (APP_URL without its trailing slash). */
export function shortAddress(appUrl: string, code: string): string {
  return `${appUrl}/o/${formatShortCode(code)}`;
}

/** The same without the scheme, as a person types it ('offers.example/o/ABCDE-FGHJK'). */
export function printedShortAddress(appUrl: string, code: string): string {
  return shortAddress(appUrl, code).replace(/^https?:\/\//, '');
}
