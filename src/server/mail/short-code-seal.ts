import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { SHORT_CODE_RANDOM_BYTES, shortCodeFromBytes } from '#domain/mail/short-code.ts';

// Keys derived from the server secret for this one purpose, as the unsubscribe token's is.
const digestKey = (serverSecret: string) =>
  createHmac('sha256', serverSecret).update('mail-short-code-digest-v1').digest();
const sealKey = (serverSecret: string) => createHmac('sha256', serverSecret).update('mail-short-code-seal-v1').digest();

/** A new short code (without its dash), from the OS's cryptographic generator. */
export function createShortCode(): string {
  return shortCodeFromBytes(randomBytes(SHORT_CODE_RANDOM_BYTES));
}

/**
 * How a code is found: its HMAC under a key of the server secret, hex. Keyed, so that a copy of
 * the database cannot be searched for the 2^50 codes offline.
 */
export function shortCodeDigest(serverSecret: string, code: string): string {
  return createHmac('sha256', digestKey(serverSecret)).update(code).digest('hex');
}

/** What a short code's row keeps sealed: the code (to print the piece again) and its offer link's token (to open it). */
export interface SealedShortCode {
  code: string;
  token: string;
}

/** AES-256-GCM under a key of the server secret: iv.tag.ciphertext, base64url. */
export function sealShortCode(serverSecret: string, value: SealedShortCode): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(serverSecret), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The sealed code and token; throws when the value was not sealed with this secret (edited, or another server's). */
export function openShortCode(serverSecret: string, sealed: string): SealedShortCode {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('a sealed short code has three parts');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(serverSecret), iv);
  decipher.setAuthTag(tag);
  const opened = JSON.parse(
    Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'),
  ) as SealedShortCode;
  return opened;
}
