import { and, eq, inArray, isNotNull, max, sql, type SQL } from 'drizzle-orm';
import { ownerDisplayName } from '../../domain/bulk-import/bulk-import-property';
import { buildOfferEmail } from '../../domain/bulk-import/build-offer-email';
import { canBulkImport, planIds } from '../../domain/plans/plans';
import type { Database } from '../db/database';
import { bulkSendItems, bulkSendJobs, emailOutbox, emailUnsubscribes, type BulkSendItemProperty } from '../db/schema';
import { enqueueEmail } from '../email/enqueue-email';
import { insertOfferLink } from '../offer-links/insert-offer-link';
import { readWholesaler, type Wholesaler } from '../profile/read-wholesaler';
import { oneClickUnsubscribeUrl, normalizeUnsubscribeEmail, unsubscribeUrl } from './unsubscribe-token';

export const unsubscribedItemReason = 'Unsubscribed from offer e-mails';

/** Why the pending items of a job stopped when the worker came to them (its owner may no longer send). */
export const stoppedItemReasons = {
  plan: 'Not sent: bulk offers need the Pro plan, and the sender no longer has it',
  unverified: "Not sent: the sender's e-mail address is not verified",
  postalAddress: "Not sent: the sender's profile has no postal address",
} as const;

// One lock for every process's bulk-send worker while it hands out a batch's send times, so
// the pace is one e-mail per interval across the whole deployment, not per process.
const PACING_LOCK = 0x62756c6b; // 'bulk'

const BULK_PLANS = planIds.filter(canBulkImport);

export interface BulkSendBatch {
  /** Items taken from the queue in this batch (queued in the outbox, skipped or failed). */
  claimed: number;
  /** When each e-mail handed to the outbox becomes due, in order: one interval apart, across batches. */
  dueTimes: Date[];
}

/** The UTC day (YYYY-MM-DD) a per-user daily count belongs to; the count starts again at 00:00 UTC. */
export function bulkSendDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** When the next UTC day starts: when items held back by the daily limit go out again. */
export function nextBulkSendDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

/** Rows of a raw query; PGlite and node-postgres both answer with `rows`. */
async function rowsOf<Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

interface PickedItem {
  id: string;
  job_id: string;
  email: string;
  property: BulkSendItemProperty;
  owner_id: string;
}

/**
 * Queues one batch of bulk offer e-mails into the e-mail outbox; it sends nothing itself. Bulk
 * e-mails go out in batches (BULK_EMAIL_BATCH_SIZE, 5 by default) one interval apart
 * (BULK_EMAIL_INTERVAL_MS, 1 s by default: spec §7). In one short transaction:
 * - the pending items of owners who may no longer send (no Pro plan, e-mail not verified, no
 *   postal address in the profile) are stopped: skipped with the reason, their jobs finished;
 * - owners are served round-robin: each owner's pending items are ranked (oldest job first, in
 *   position order), and the batch takes every owner's first item before anyone's second, ties
 *   going to the owner served longest ago (bulk_send_jobs.last_queued_at). A 1-item job behind
 *   another user's 20,000-item job goes out in the next batch;
 * - an owner who has handed `dailyLimit` e-mails to the outbox this UTC day gets no more until
 *   the next (their items wait, pending);
 * - an unsubscribed address is skipped; every other item's offer e-mail goes into email_outbox
 *   with bulk_send_item_id set (unique: a second copy cannot exist), the one-click unsubscribe
 *   headers, and a due time one interval after the last bulk e-mail already scheduled.
 * A crash before commit leaves the items pending; after commit, they are in the outbox. Either
 * way each owner gets exactly one message.
 */
export async function queueDueBulkItems({
  db,
  appUrl,
  from,
  serverSecret,
  intervalMs,
  batchSize,
  dailyLimit = Number.MAX_SAFE_INTEGER,
  now = () => new Date(),
}: {
  db: Database;
  appUrl: string;
  /** The app's sender (EMAIL_FROM); replies go to the wholesaler. */
  from: string;
  serverSecret: string;
  intervalMs: number;
  batchSize: number;
  /** Bulk e-mails one user may hand to the outbox per UTC day (BULK_EMAIL_DAILY_LIMIT). */
  dailyLimit?: number;
  now?: () => Date;
}): Promise<BulkSendBatch> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PACING_LOCK})`);
    const startedAt = now();
    const stoppedJobs = await stopIneligibleOwners(tx, startedAt);
    const day = bulkSendDay(startedAt);

    const picked = await rowsOf<PickedItem>(
      tx,
      sql`
      with owners as (
        select j.user_id,
               (select max(served.last_queued_at) from bulk_send_jobs served where served.user_id = j.user_id) as served_at,
               coalesce(max(c.sent), 0) as used
        from bulk_send_jobs j
        left join sender_daily_counts c on c.user_id = j.user_id and c.day = ${day}::date
        where j.status = 'running'
        group by j.user_id
      ), eligible as (
        select user_id, served_at, least(${batchSize}::int, ${dailyLimit}::bigint - used)::int as room
        from owners
        where used < ${dailyLimit}::bigint
        order by served_at asc nulls first, user_id
        limit ${batchSize}::int
      )
      select picked.id, picked.job_id, picked.email, picked.property, e.user_id as owner_id
      from eligible e
      cross join lateral (
        select i.id, i.job_id, i.email, i.property,
               row_number() over (order by j.created_at, j.id, i.position) as rank
        from bulk_send_jobs j
        join bulk_send_items i on i.job_id = j.id and i.status = 'pending'
        where j.user_id = e.user_id and j.status = 'running'
        order by j.created_at, j.id, i.position
        limit e.room
      ) picked
      order by picked.rank, e.served_at asc nulls first, e.user_id
      limit ${batchSize}::int`,
    );
    // Lock what was picked; an item cancelled meanwhile (no longer pending) drops out. Workers
    // are serialised by the pacing lock above, so nothing else claims these.
    const locked = new Set(
      picked.length === 0
        ? []
        : (
            await tx
              .select({ id: bulkSendItems.id })
              .from(bulkSendItems)
              .where(
                and(
                  inArray(
                    bulkSendItems.id,
                    picked.map((item) => item.id),
                  ),
                  eq(bulkSendItems.status, 'pending'),
                ),
              )
              .for('update', { skipLocked: true })
          ).map((row) => row.id),
    );
    const items = picked.filter((item) => locked.has(item.id));

    if (items.length === 0) {
      await finishJobsWithoutPendingItems(tx, stoppedJobs.length > 0 ? stoppedJobs : undefined);
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
    const senders = new Map<string, Wholesaler>();
    for (const ownerId of new Set(items.map((item) => item.owner_id))) {
      const wholesaler = await readWholesaler(tx, ownerId);
      if (wholesaler) senders.set(ownerId, wholesaler);
    }

    // The next free send time: one interval after the last bulk e-mail still waiting for its
    // first attempt (retries, with their own backoff, do not hold up the queue).
    const [last] = await tx
      .select({ at: max(emailOutbox.nextAttemptAt) })
      .from(emailOutbox)
      .where(
        and(isNotNull(emailOutbox.bulkSendItemId), eq(emailOutbox.status, 'pending'), eq(emailOutbox.attempts, 0)),
      );
    let nextDue = Math.max(startedAt.getTime(), last?.at ? last.at.getTime() + intervalMs : 0);

    const dueTimes: Date[] = [];
    const processedAt = startedAt;
    const queuedPerOwner = new Map<string, number>();
    // When each owner was served, on the job served (an owner's time is the latest over all their
    // jobs): the owner served last in this batch counts as served latest.
    const servedAt = new Map<string, { jobId: string; at: Date }[]>();
    for (const [index, item] of items.entries()) {
      const served = servedAt.get(item.owner_id) ?? [];
      served.push({ jobId: item.job_id, at: new Date(processedAt.getTime() + index) });
      servedAt.set(item.owner_id, served);

      // Jobs are deleted with their owner's account, so the sender exists.
      const sender = senders.get(item.owner_id)!;
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
        userId: item.owner_id,
        source: 'bulk-email',
        offer: {
          address: property.address,
          marketValue: property.marketValue,
          repairs: [],
          totalRepairCost: 0,
          templateName: property.templateName,
          offerRange: property.offerRange,
          formula: property.formula ?? null,
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
          letterUrl: offerLink.letterUrl,
          expiresAt: offerLink.expiresAt,
          unsubscribeUrl: unsubscribeUrl(appUrl, serverSecret, item.email),
          // The account's e-mail, verified (checked when the job was made and above).
          wholesalerEmail: sender.accountEmail,
          sender: { name: sender.company || sender.displayName, postalAddress: sender.postalAddress },
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
        replyTo: sender.accountEmail,
        subject: email.subject,
        html: email.html,
        text: email.text,
        // One-click unsubscribe (RFC 8058), as large mailbox providers require of bulk senders:
        // their POST to this URL unsubscribes without a page.
        headers: {
          'List-Unsubscribe': `<${oneClickUnsubscribeUrl(appUrl, serverSecret, item.email)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
        sendAt: dueAt,
        bulkSendItemId: item.id,
      });
      await tx.update(bulkSendItems).set({ status: 'queued', processedAt }).where(eq(bulkSendItems.id, item.id));
      queuedPerOwner.set(item.owner_id, (queuedPerOwner.get(item.owner_id) ?? 0) + 1);
      dueTimes.push(dueAt);
      nextDue += intervalMs;
    }

    for (const [ownerId, queued] of queuedPerOwner) {
      await tx.execute(sql`
        insert into sender_daily_counts (user_id, day, sent) values (${ownerId}, ${day}::date, ${queued})
        on conflict (user_id, day) do update set sent = sender_daily_counts.sent + excluded.sent`);
    }
    for (const served of servedAt.values()) {
      for (const { jobId, at } of served) {
        await tx.update(bulkSendJobs).set({ lastQueuedAt: at }).where(eq(bulkSendJobs.id, jobId));
      }
    }
    await finishJobsWithoutPendingItems(tx, [...new Set([...items.map((item) => item.job_id), ...stoppedJobs])]);
    return { claimed: items.length, dueTimes };
  });
}

/**
 * Re-checks, when items are about to be picked, that each owner with a running job may still
 * send bulk offers: the Pro plan (a downgrade stops the rest of the job), a verified e-mail
 * (the Reply-To) and a postal address (CAN-SPAM). Their pending items are skipped with the
 * reason. Returns the jobs stopped, to be finished.
 */
async function stopIneligibleOwners(tx: Pick<Database, 'execute'>, at: Date): Promise<string[]> {
  const plans = sql.join(
    BULK_PLANS.map((plan) => sql`${plan}`),
    sql`, `,
  );
  const rows = await rowsOf<{ job_id: string }>(
    tx,
    sql`
    with ineligible as (
      select j.id as job_id,
        case
          when coalesce(s.plan, 'free') not in (${plans}) then ${stoppedItemReasons.plan}
          when not u.email_verified then ${stoppedItemReasons.unverified}
          else ${stoppedItemReasons.postalAddress}
        end as reason
      from bulk_send_jobs j
      join "user" u on u.id = j.user_id
      left join subscriptions s on s.user_id = j.user_id
      left join wholesaler_profiles p on p.user_id = j.user_id
      where j.status = 'running'
        and (coalesce(s.plan, 'free') not in (${plans})
             or not u.email_verified
             or btrim(coalesce(p.postal_address, '')) = '')
    )
    update bulk_send_items i
    set status = 'skipped', error = ineligible.reason, processed_at = ${at.toISOString()}::timestamptz
    from ineligible
    where i.job_id = ineligible.job_id and i.status = 'pending'
    returning i.job_id`,
  );
  return [...new Set(rows.map((row) => row.job_id))];
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
