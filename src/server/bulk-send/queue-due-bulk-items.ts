import { and, asc, eq, inArray, isNotNull, max, sql } from 'drizzle-orm';
import { ownerDisplayName } from '../../domain/bulk-import/bulk-import-property';
import { buildOfferEmail } from '../../domain/bulk-import/build-offer-email';
import type { Database } from '../db/database';
import { enqueueEmail } from '../email/enqueue-email';
import { insertOfferLink } from '../offer-links/insert-offer-link';
import { bulkSendItems, bulkSendJobs, emailOutbox, emailUnsubscribes, user } from '../db/schema';
import { normalizeUnsubscribeEmail, unsubscribeUrl } from './unsubscribe-token';

export const unsubscribedItemReason = 'Unsubscribed from offer e-mails';

// One lock for every process's bulk-send worker while it hands out a batch's send times, so
// the pace is one e-mail per interval across the whole deployment, not per process.
const PACING_LOCK = 0x62756c6b; // 'bulk'

export interface BulkSendBatch {
  /** Items taken from the queue in this batch (queued in the outbox, skipped or failed). */
  claimed: number;
  /** When each e-mail handed to the outbox becomes due, in order: one interval apart, across batches. */
  dueTimes: Date[];
}

/**
 * Queues one batch of bulk offer e-mails into the e-mail outbox; it sends nothing itself. Bulk
 * e-mails go out in batches (BULK_EMAIL_BATCH_SIZE, 5 by default) one interval apart
 * (BULK_EMAIL_INTERVAL_MS, 1 s by default: spec §7). In one short transaction: claims the oldest
 * pending items (FOR UPDATE SKIP LOCKED); an unsubscribed address is marked skipped; every other
 * item's offer e-mail goes into email_outbox with bulk_send_item_id set (unique: a second copy
 * cannot exist) and a due time one interval after the last bulk e-mail already scheduled, and
 * the item is marked queued. The outbox worker delivers it when due; its outcome (sent, failed)
 * is read back by the progress query. A crash before commit leaves the items pending; after
 * commit, they are in the outbox. Either way each owner gets exactly one message.
 */
export async function queueDueBulkItems({
  db,
  appUrl,
  from,
  serverSecret,
  intervalMs,
  batchSize,
  now = () => new Date(),
}: {
  db: Database;
  appUrl: string;
  /** The app's sender (EMAIL_FROM); replies go to the wholesaler. */
  from: string;
  serverSecret: string;
  intervalMs: number;
  batchSize: number;
  now?: () => Date;
}): Promise<BulkSendBatch> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PACING_LOCK})`);
    const items = await tx
      .select({
        id: bulkSendItems.id,
        jobId: bulkSendItems.jobId,
        email: bulkSendItems.email,
        property: bulkSendItems.property,
        wholesalerEmail: user.email,
        ownerUserId: bulkSendJobs.userId,
      })
      .from(bulkSendItems)
      .innerJoin(bulkSendJobs, eq(bulkSendJobs.id, bulkSendItems.jobId))
      .innerJoin(user, eq(user.id, bulkSendJobs.userId))
      .where(and(eq(bulkSendItems.status, 'pending'), eq(bulkSendJobs.status, 'running')))
      .orderBy(asc(bulkSendJobs.createdAt), asc(bulkSendJobs.id), asc(bulkSendItems.position))
      .limit(batchSize)
      .for('update', { of: bulkSendItems, skipLocked: true });

    if (items.length === 0) {
      await finishJobsWithoutPendingItems(tx);
      return { claimed: 0, dueTimes: [] };
    }

    const unsubscribed = new Set(
      (
        await tx
          .select({ email: emailUnsubscribes.email })
          .from(emailUnsubscribes)
          .where(
            inArray(
              emailUnsubscribes.email,
              items.map((item) => normalizeUnsubscribeEmail(item.email)),
            ),
          )
      ).map((row) => row.email),
    );

    // The next free send time: one interval after the last bulk e-mail still waiting for its
    // first attempt (retries, with their own backoff, do not hold up the queue).
    const [last] = await tx
      .select({ at: max(emailOutbox.nextAttemptAt) })
      .from(emailOutbox)
      .where(
        and(isNotNull(emailOutbox.bulkSendItemId), eq(emailOutbox.status, 'pending'), eq(emailOutbox.attempts, 0)),
      );
    let nextDue = Math.max(now().getTime(), last?.at ? last.at.getTime() + intervalMs : 0);

    const dueTimes: Date[] = [];
    const processedAt = now();
    for (const item of items) {
      if (unsubscribed.has(normalizeUnsubscribeEmail(item.email))) {
        await tx
          .update(bulkSendItems)
          .set({ status: 'skipped', error: unsubscribedItemReason, processedAt })
          .where(eq(bulkSendItems.id, item.id));
        continue;
      }
      const dueAt = new Date(nextDue);
      // Accept and Negotiate open this owner's own answerable offer (issue 12), owned by the job's
      // wholesaler; one per item (unique bulk_send_item_id), valid 7 days from its send time (§9).
      const { property } = item;
      const offerLink = await insertOfferLink(tx, appUrl, {
        userId: item.ownerUserId,
        source: 'bulk-email',
        offer: {
          address: property.address,
          marketValue: property.marketValue,
          repairs: [],
          totalRepairCost: 0,
          templateName: property.templateName,
          offerRange: property.offerRange,
        },
        recipient: { name: ownerDisplayName(property), email: item.email },
        bulkSendItemId: item.id,
        createdAt: dueAt,
      });
      let email;
      try {
        email = buildOfferEmail({
          property,
          offerUrl: offerLink.url,
          expiresAt: offerLink.expiresAt,
          unsubscribeUrl: unsubscribeUrl(appUrl, serverSecret, item.email),
          wholesalerEmail: item.wholesalerEmail,
        });
      } catch (error) {
        // A stored property that cannot make an e-mail fails alone; database errors (below)
        // roll the whole batch back, to be claimed again.
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        await tx
          .update(bulkSendItems)
          .set({ status: 'failed', error: message, processedAt })
          .where(eq(bulkSendItems.id, item.id));
        continue;
      }
      // The item is claimed under a row lock and marked queued in this transaction, so its
      // message is written once; the unique bulk_send_item_id makes a second copy impossible.
      await enqueueEmail(tx, {
        to: item.email,
        from,
        replyTo: item.wholesalerEmail,
        subject: email.subject,
        html: email.html,
        text: email.text,
        sendAt: dueAt,
        bulkSendItemId: item.id,
      });
      await tx.update(bulkSendItems).set({ status: 'queued', processedAt }).where(eq(bulkSendItems.id, item.id));
      dueTimes.push(dueAt);
      nextDue += intervalMs;
    }
    await finishJobsWithoutPendingItems(tx, [...new Set(items.map((item) => item.jobId))]);
    return { claimed: items.length, dueTimes };
  });
}

/** Marks running jobs done once none of their items waits to be handed to the outbox. */
async function finishJobsWithoutPendingItems(tx: Pick<Database, 'execute'>, jobIds?: string[]) {
  if (jobIds && jobIds.length === 0) return;
  const scope = jobIds
    ? sql`and id in (${sql.join(
        jobIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  await tx.execute(sql`
    update bulk_send_jobs set status = 'done', finished_at = now()
    where status = 'running' ${scope}
      and not exists (select 1 from bulk_send_items where job_id = bulk_send_jobs.id and status = 'pending')`);
}
