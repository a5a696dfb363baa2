import { and, eq, sql } from 'drizzle-orm';
import { sameOfferSentReason } from '#domain/prospects/prospect-requests.ts';
import type { Database } from '../db/database';
import { rowsOf } from '../db/rows-of';
import { senderDailyCounts, bulkSendJobs } from '../db/schema';
import { ownedRow } from '../db/workspace-scope';
import { bulkSendDay, nextBulkSendDay } from './queue-due-bulk-items';

/** A recipient that did not get the offer; the web app lists them under 'Failed to send emails to {n} recipients' (spec §8). */
export interface BulkSendProblem {
  /** 0-based position in the selection. */
  position: number;
  email: string;
  address: string;
  status: 'failed' | 'skipped';
  reason: string;
}

export interface BulkSendProgress {
  id: string;
  /** preparing: still being stored; running; done; cancelled: its owner stopped it. */
  status: 'preparing' | 'running' | 'done' | 'cancelled';
  total: number;
  /** Delivered by the e-mail provider (or the built-in outbox). */
  sent: number;
  /** Handed to the outbox, not delivered yet (waiting for its second, or retrying). */
  sending: number;
  /** Waiting in the queue. */
  queued: number;
  failed: number;
  /** Unsubscribed addresses, repeated rows, and items stopped (cancelled, or the sender may no longer send). */
  skipped: number;
  /** Of the skipped: owners an earlier send already offered the same range (issue 41). */
  alreadySent: number;
  /**
   * Set while the owner's daily limit (BULK_EMAIL_DAILY_LIMIT, per UTC day) holds the queued rest
   * back: the limit, and when sending resumes (the next UTC day, ISO 8601).
   */
  dailyLimit: { limit: number; resumesAt: string } | null;
  /** True when nothing is queued or sending: every item is sent, failed or skipped. */
  finished: boolean;
  createdAt: string;
  /** The first failed and skipped recipients, by position. */
  problems: BulkSendProblem[];
}

const PROBLEMS_LISTED = 500;

/**
 * The job's progress, read live: an item handed to the outbox counts by its e-mail's delivery
 * status (joined by bulk_send_item_id), so a delivery that failed for good is a failed
 * recipient; the daily limit is the job's sender's. Null when the job does not exist or is another workspace's.
 */
export async function getBulkSendProgress(
  db: Database,
  workspaceId: string,
  jobId: string,
  { dailyLimit = Number.MAX_SAFE_INTEGER, now = new Date() }: { dailyLimit?: number; now?: Date } = {},
): Promise<BulkSendProgress | null> {
  const [job] = await db
    .select({
      id: bulkSendJobs.id,
      status: bulkSendJobs.status,
      total: bulkSendJobs.total,
      createdAt: bulkSendJobs.createdAt,
      senderUserId: bulkSendJobs.userId,
    })
    .from(bulkSendJobs)
    .where(ownedRow(bulkSendJobs, jobId, workspaceId));
  if (!job) return null;

  const counts = await rowsOf<{
    queued: number;
    sending: number;
    sent: number;
    failed: number;
    skipped: number;
    alreadySent: number;
  }>(
    db,
    sql`
    select
      count(*) filter (where i.status = 'pending')::int as queued,
      count(*) filter (where i.status = 'queued' and o.status in ('pending', 'sending'))::int as sending,
      count(*) filter (where i.status = 'queued' and o.status = 'sent')::int as sent,
      count(*) filter (where i.status = 'failed' or o.status = 'failed' or (i.status = 'queued' and o.id is null))::int as failed,
      count(*) filter (where i.status = 'skipped')::int as skipped,
      count(*) filter (where i.status = 'skipped' and i.error = ${sameOfferSentReason})::int as "alreadySent"
    from bulk_send_items i
    left join email_outbox o on o.bulk_send_item_id = i.id
    where i.job_id = ${jobId}::uuid`,
  );
  const problems = await rowsOf<{
    position: number;
    email: string;
    address: string | null;
    status: 'failed' | 'skipped';
    reason: string | null;
  }>(
    db,
    sql`
    select i.position, i.email, i.property->>'address' as address,
      case when i.status = 'skipped' then 'skipped' else 'failed' end as status,
      coalesce(i.error, o.last_error, 'Not delivered') as reason
    from bulk_send_items i
    left join email_outbox o on o.bulk_send_item_id = i.id
    where i.job_id = ${jobId}::uuid
      and (i.status in ('failed', 'skipped') or o.status = 'failed' or (i.status = 'queued' and o.id is null))
    order by i.position
    limit ${PROBLEMS_LISTED}`,
  );

  const row = counts[0] ?? { queued: 0, sending: 0, sent: 0, failed: 0, skipped: 0, alreadySent: 0 };
  let heldBack = false;
  if (job.status === 'running' && row.queued > 0) {
    const [today] = await db
      .select({ queued: senderDailyCounts.sent })
      .from(senderDailyCounts)
      .where(and(eq(senderDailyCounts.userId, job.senderUserId), eq(senderDailyCounts.day, bulkSendDay(now))));
    heldBack = (today?.queued ?? 0) >= dailyLimit;
  }
  return {
    id: job.id,
    status: job.status,
    total: job.total,
    ...row,
    dailyLimit: heldBack ? { limit: dailyLimit, resumesAt: nextBulkSendDay(now).toISOString() } : null,
    finished: row.queued === 0 && row.sending === 0,
    createdAt: job.createdAt.toISOString(),
    problems: problems.map((problem) => ({
      ...problem,
      address: problem.address ?? '',
      reason: problem.reason ?? 'Not delivered',
    })),
  };
}
