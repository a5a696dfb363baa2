import { and, asc, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { emailOutbox } from '../db/schema';
import { logger } from '../observability/logger';
import { runAsQueuingRequest } from '../observability/request-context';
import { EmailDeliveryError, type EmailTransport } from './email-transport';

/** Attempts before a retryable failure becomes final. */
export const MAX_EMAIL_ATTEMPTS = 8;
const FIRST_RETRY_DELAY_MS = 30_000;
const MAX_RETRY_DELAY_MS = 60 * 60_000;

/** Wait before attempt `attempts + 1`: 30 s, doubling, at most an hour. */
export function emailRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

export interface DeliveryReport {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  /** Claimed and given back untried, because the worker was stopping (`stopping`). */
  released: number;
}

/**
 * Claims due messages (pending, or 'sending' whose claim has lapsed because a worker died)
 * with FOR UPDATE SKIP LOCKED, so several server processes never take the same one, then
 * sends them one by one and records the outcome: sent; pending again after a backoff when
 * the failure is retryable; failed with the provider's error otherwise. When `stopping()` says so
 * between two sends (the process is shutting down), the messages not tried yet are given back
 * at once (releaseEmailClaims) rather than left to lapse after `claimMs`.
 */
export async function deliverDueEmails({
  db,
  transport,
  now = () => new Date(),
  batchSize = 5,
  claimMs = 5 * 60_000,
  stopping = () => false,
}: {
  db: Database;
  transport: EmailTransport;
  now?: () => Date;
  batchSize?: number;
  /** How long a claimed message is left to its worker before another may take it. */
  claimMs?: number;
  /** Asked before each send: true stops the batch there and gives back the rest. */
  stopping?: () => boolean;
}): Promise<DeliveryReport> {
  const claimedAt = now();
  const due = db
    .select({ id: emailOutbox.id, dueAt: emailOutbox.nextAttemptAt })
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.status, ['pending', 'sending']), lte(emailOutbox.nextAttemptAt, claimedAt)))
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(batchSize)
    .for('update', { skipLocked: true })
    .as('due');
  const claimedRows = await db
    .update(emailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(claimedAt.getTime() + claimMs),
    })
    .from(due)
    .where(eq(emailOutbox.id, due.id))
    .returning({ ...getTableColumns(emailOutbox), dueAt: due.dueAt });
  // Sent in the order they fell due: RETURNING keeps no order of its own.
  const claimed = claimedRows.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());

  const report: DeliveryReport = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0, released: 0 };
  for (const [index, row] of claimed.entries()) {
    if (stopping()) {
      report.released = await releaseEmailClaims(db, claimed.slice(index));
      break;
    }
    await runAsQueuingRequest(row.requestId, () => deliverOne(row));
  }
  return report;

  async function deliverOne(row: (typeof claimed)[number]) {
    try {
      const { providerMessageId } = await transport.send({
        id: row.id,
        from: row.fromAddress,
        to: row.toAddress,
        replyTo: row.replyTo ?? undefined,
        headers: row.headers ?? undefined,
        subject: row.subject,
        html: row.html,
        text: row.text,
        attempts: row.attempts,
      });
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: now(), providerMessageId, lastError: null })
        .where(eq(emailOutbox.id, row.id));
      report.sent++;
      logger.info({ emailId: row.id, attempt: row.attempts, transport: transport.name }, 'e-mail sent');
    } catch (error) {
      const retryable = error instanceof EmailDeliveryError ? error.retryable : true;
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      if (retryable && row.attempts < MAX_EMAIL_ATTEMPTS) {
        await db
          .update(emailOutbox)
          .set({
            status: 'pending',
            lastError,
            nextAttemptAt: new Date(now().getTime() + emailRetryDelayMs(row.attempts)),
          })
          .where(eq(emailOutbox.id, row.id));
        report.retrying++;
      } else {
        await db.update(emailOutbox).set({ status: 'failed', lastError }).where(eq(emailOutbox.id, row.id));
        report.failed++;
      }
      // By its id only: the recipient's address is personal data, kept in the outbox row.
      logger.warn(
        { emailId: row.id },
        `email ${row.id}: attempt ${row.attempts} failed (${lastError})${retryable && row.attempts < MAX_EMAIL_ATTEMPTS ? ', will retry' : ''}`,
      );
    }
  }
}

/**
 * Gives claimed messages back untried: pending again, due when they were due before the claim, the
 * claim's attempt not counted. Only rows still 'sending' (nobody else has taken them since).
 * Returns how many were given back.
 */
async function releaseEmailClaims(db: Database, rows: readonly { id: string; dueAt: Date }[]): Promise<number> {
  let released = 0;
  for (const row of rows) {
    const given = await db
      .update(emailOutbox)
      .set({ status: 'pending', attempts: sql`${emailOutbox.attempts} - 1`, nextAttemptAt: row.dueAt })
      .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'sending')))
      .returning({ id: emailOutbox.id });
    released += given.length;
  }
  return released;
}
