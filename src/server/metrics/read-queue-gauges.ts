import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/** The queues that carry the business, as the database holds them now (every process reads the same). */
export interface QueueGauges {
  emailsDue: number;
  emailsSending: number;
  emailsFailed: number;
  followUpStepsDue: number;
  bulkItemsWaiting: number;
  /** Seconds since the oldest due item of each queue fell due (0 when none is due). */
  oldestDueAgeSeconds: { email: number; followUp: number; bulkSend: number };
}

/**
 * One read of the queues: e-mails due (pending, their next attempt reached), being sent and failed;
 * follow-up steps due; bulk items waiting in running jobs; and how long the oldest due item of each
 * has waited (a bulk item waits from its job's creation). Every count is indexed (email_outbox_due_idx,
 * follow_ups_due_idx, bulk_send_items_pending_idx).
 */
export async function readQueueGauges(db: Database): Promise<QueueGauges> {
  const { rows } = (await db.execute(sql`
    select
      (select count(*) from email_outbox where status = 'pending' and next_attempt_at <= now())::int as emails_due,
      (select count(*) from email_outbox where status = 'sending')::int as emails_sending,
      (select count(*) from email_outbox where status = 'failed')::int as emails_failed,
      (select coalesce(extract(epoch from now() - min(next_attempt_at)), 0) from email_outbox
        where status = 'pending' and next_attempt_at <= now())::float8 as email_age,
      (select count(*) from follow_ups where status = 'active' and next_due_at <= now())::int as follow_ups_due,
      (select coalesce(extract(epoch from now() - min(next_due_at)), 0) from follow_ups
        where status = 'active' and next_due_at <= now())::float8 as follow_up_age,
      (select count(*) from bulk_send_items item join bulk_send_jobs job on job.id = item.job_id
        where item.status = 'pending' and job.status = 'running')::int as bulk_waiting,
      (select coalesce(extract(epoch from now() - min(job.created_at)), 0) from bulk_send_items item
        join bulk_send_jobs job on job.id = item.job_id
        where item.status = 'pending' and job.status = 'running')::float8 as bulk_age
  `)) as unknown as {
    rows: {
      emails_due: number;
      emails_sending: number;
      emails_failed: number;
      email_age: number;
      follow_ups_due: number;
      follow_up_age: number;
      bulk_waiting: number;
      bulk_age: number;
    }[];
  };
  const row = rows[0]!;
  return {
    emailsDue: row.emails_due,
    emailsSending: row.emails_sending,
    emailsFailed: row.emails_failed,
    followUpStepsDue: row.follow_ups_due,
    bulkItemsWaiting: row.bulk_waiting,
    oldestDueAgeSeconds: { email: row.email_age, followUp: row.follow_up_age, bulkSend: row.bulk_age },
  };
}
