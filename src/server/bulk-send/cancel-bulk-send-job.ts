import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/database';
import { bulkSendJobs } from '../db/schema';
import { ownedRow } from '../db/workspace-scope';

export const cancelledItemReason = 'Not sent: the sender cancelled the sending';

/**
 * Stops a bulk send of the workspace, in one transaction: every item still waiting is skipped
 * ('cancelled'), and so is every e-mail already handed to the outbox but not yet picked up for
 * delivery (deleted with its offer link: the owner never got it); the job is marked cancelled.
 * E-mails being delivered at that moment still go out. Cancelling a finished or cancelled job
 * changes nothing. Returns false when the job does not exist or is another workspace's (nothing
 * changed then either). Each item skipped says `reason` (default: the sender cancelled it).
 */
export async function cancelBulkSendJob(
  db: Database | Transaction,
  workspaceId: string,
  jobId: string,
  reason: string = cancelledItemReason,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ status: bulkSendJobs.status })
      .from(bulkSendJobs)
      .where(ownedRow(bulkSendJobs, jobId, workspaceId))
      .for('update');
    if (!job) return false;
    if (job.status !== 'running' && job.status !== 'preparing') return true;

    await tx.execute(sql`
      update bulk_send_items set status = 'skipped', error = ${reason}, processed_at = now()
      where job_id = ${jobId}::uuid and status = 'pending'`);
    // Queued e-mails not yet claimed by an e-mail worker (a claimed one is 'sending': it goes out).
    await tx.execute(sql`
      with withdrawn as (
        delete from email_outbox o
        using bulk_send_items i
        where o.bulk_send_item_id = i.id and i.job_id = ${jobId}::uuid and o.status = 'pending' and o.attempts = 0
        returning o.bulk_send_item_id
      ), links as (
        delete from offer_links where bulk_send_item_id in (select bulk_send_item_id from withdrawn)
      )
      update bulk_send_items set status = 'skipped', error = ${reason}
      where id in (select bulk_send_item_id from withdrawn)`);
    await tx
      .update(bulkSendJobs)
      .set({ status: 'cancelled', finishedAt: new Date() })
      .where(eq(bulkSendJobs.id, jobId));
    return true;
  });
}
