import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import { emailOutbox } from '../db/schema';

// One lock for every process's paced senders (bulk offers and follow-ups) while they hand out send
// times, so the pace is one e-mail per interval across the whole deployment, not per process.
const PACING_LOCK = 0x62756c6b; // 'bulk'

/** The e-mails that leave one per interval (BULK_EMAIL_INTERVAL_MS), within the provider's rate. */
const PACED_PURPOSES = ['bulk-offer', 'follow-up'];

/**
 * Takes the pacing lock until `tx` ends and answers the first free send time (ms): one interval
 * after the last paced e-mail still waiting for its first attempt (retries, with their own backoff,
 * do not hold up the queue), and not before now. The caller hands out that time and the ones an
 * interval apart after it.
 */
export async function lockNextPacedSendTime(tx: Transaction, now: Date, intervalMs: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PACING_LOCK})`);
  const [last] = await tx
    .select({ at: max(emailOutbox.nextAttemptAt) })
    .from(emailOutbox)
    .where(
      and(inArray(emailOutbox.purpose, PACED_PURPOSES), eq(emailOutbox.status, 'pending'), eq(emailOutbox.attempts, 0)),
    );
  return Math.max(now.getTime(), last?.at ? last.at.getTime() + intervalMs : 0);
}
