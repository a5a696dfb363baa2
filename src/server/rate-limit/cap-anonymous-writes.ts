import type { Database } from '../db/database';
import { Refusal } from '../http/refusal';
import { consumeRateLimit } from './consume-rate-limit';

/**
 * What homeowners may store for one wholesaler per hour without signing in, whatever address they
 * come from: offer-link answers, and offers made on the wholesaler's personal page (each counted
 * on its own). Far above a real inbox's hour; a flood from an address range stops here.
 */
export const ANONYMOUS_WRITES_PER_WHOLESALER = { limit: 30, windowMs: 60 * 60_000 } as const;

/** Says nothing of the wholesaler (not who, not how busy, not when it eases). */
export const anonymousWritesMessage = 'Too many requests. Please try again later.';

/**
 * Counts one anonymous write for the wholesaler, or refuses it with 429 { code: 'rate-limited' }.
 * Call it inside the transaction that stores the write: a refused or failed write then leaves
 * the count as it was, and the counter's row lock orders concurrent writes for that wholesaler.
 */
export async function capAnonymousWrites(
  db: Pick<Database, 'insert'>,
  kind: 'offer-answer' | 'personal-page-offer',
  wholesalerUserId: string,
): Promise<void> {
  const decision = await consumeRateLimit(db, {
    key: `anonymous-${kind}:user:${wholesalerUserId}`,
    ...ANONYMOUS_WRITES_PER_WHOLESALER,
  });
  if (!decision.allowed) throw new Refusal(429, anonymousWritesMessage, { code: 'rate-limited' });
}
