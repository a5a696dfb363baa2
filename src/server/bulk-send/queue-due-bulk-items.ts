import { and, eq, inArray, sql } from 'drizzle-orm';
import { buildOfferEmail } from '#domain/bulk-import/build-offer-email.ts';
import { fullPropertyAddress, ownerDisplayName } from '#domain/bulk-import/bulk-import-property.ts';
import { canBulkImport, planIds } from '#domain/plans/plans.ts';
import { rolesThatMay } from '#domain/workspaces/roles.ts';
import type { Database, Transaction } from '../db/database';
import { rowsOf } from '../db/rows-of';
import { bulkSendItems, bulkSendJobs, type BulkSendItemProperty } from '../db/schema';
import { lockNextPacedSendTime } from '../email/paced-send-time';
import { sendToThirdParty, type SendingPolicyConfig } from '../email/send-to-third-party';
import { sendingRefusalOf } from '../email/sending-refusal';
import { enrolFollowUp } from '../follow-ups/enrol-follow-up';
import { runAsQueuingRequest } from '../observability/request-context';
import { insertOfferLink, type CreatedOfferLink } from '../offer-links/insert-offer-link';
import { recordProspectTouch } from '../prospect-touches/record-prospect-touch';

export const unsubscribedItemReason = 'Unsubscribed from offer e-mails';

/** Why the pending items of a job stopped when the worker came to them (its owner may no longer send). */
export const stoppedItemReasons = {
  plan: 'Not sent: bulk offers need the Pro plan, and the sender no longer has it',
  unverified: "Not sent: the sender's e-mail address is not verified",
  postalAddress: "Not sent: the sender's profile has no postal address",
  notMember: 'Not sent: the sender is no longer a member of the workspace',
  notAllowed: "Not sent: the sender's role no longer allows bulk sending in this workspace",
} as const;

const BULK_PLANS = planIds.filter(canBulkImport);
const BULK_SENDERS = rolesThatMay('bulk-send-and-export');

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

interface PickedItem {
  id: string;
  job_id: string;
  email: string;
  property: BulkSendItemProperty;
  /** The sender (fairness and the daily quota are per sender). */
  owner_id: string;
  /** The job's workspace: its offer links and leads are the workspace's. */
  workspace_id: string;
  /** Whether the owner is followed up until they answer (issue 27). */
  follow_up: boolean;
  /** The request that created the job: its e-mail is queued, and logged, as that request. */
  request_id: string | null;
}

/**
 * Queues one batch of bulk offer e-mails into the e-mail outbox; it sends nothing itself. Bulk
 * e-mails go out in batches (BULK_EMAIL_BATCH_SIZE, 5 by default) one interval apart
 * (BULK_EMAIL_INTERVAL_MS, 1 s by default: spec §7). In one short transaction:
 * - the pending items of owners who may no longer send (no Pro plan, e-mail not verified, no
 *   postal address in the profile) are stopped: skipped with the reason, their jobs finished;
 * - owners are served round-robin (pickFairBatch), within their daily quota;
 * - each item goes through the sending policy (sendToThirdParty): an unsubscribed address is
 *   skipped, every other item's offer e-mail goes into email_outbox with bulk_send_item_id set
 *   (unique: a second copy cannot exist), the one-click unsubscribe headers, and a due time one
 *   interval after the last bulk e-mail already scheduled.
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
  /** E-mails to third parties one user may send per UTC day (BULK_EMAIL_DAILY_LIMIT). */
  dailyLimit?: number;
  now?: () => Date;
}): Promise<BulkSendBatch> {
  return db.transaction(async (tx) => {
    const startedAt = now();
    // The pacing lock first: workers in every process hand out send times one at a time.
    let nextDue = await lockNextPacedSendTime(tx, startedAt, intervalMs);
    const stoppedJobs = await stopIneligibleOwners(tx, startedAt);
    const picked = await pickFairBatch(tx, { day: bulkSendDay(startedAt), batchSize, dailyLimit });
    const items = await keepStillPending(tx, picked);
    if (items.length === 0) {
      await finishJobsWithoutPendingItems(tx, stoppedJobs.length > 0 ? stoppedJobs : undefined);
      return { claimed: 0, dueTimes: [] };
    }

    const policy: SendingPolicyConfig = { appUrl, from, serverSecret, dailyLimit, now: () => startedAt };
    const dueTimes: Date[] = [];
    for (const item of items) {
      const outcome = await runAsQueuingRequest(item.request_id, () =>
        queueBulkItem(tx, policy, item, new Date(nextDue)),
      );
      if (outcome.status === 'waiting') continue;
      await tx
        .update(bulkSendItems)
        .set({ status: outcome.status, error: 'error' in outcome ? outcome.error : null, processedAt: startedAt })
        .where(eq(bulkSendItems.id, item.id));
      if (outcome.status === 'queued') {
        dueTimes.push(new Date(nextDue));
        nextDue += intervalMs;
      }
    }
    await recordServed(tx, items, startedAt);
    await finishJobsWithoutPendingItems(tx, [...new Set([...items.map((item) => item.job_id), ...stoppedJobs])]);
    return { claimed: items.length, dueTimes };
  });
}

/**
 * The next batch, fairly: each owner's pending items are ranked (oldest job first, in position
 * order), and the batch takes every owner's first item before anyone's second, ties going to the
 * owner served longest ago (bulk_send_jobs.last_queued_at). A 1-item job behind another user's
 * 20,000-item job goes out in the next batch. An owner who has sent `dailyLimit` e-mails to third
 * parties this UTC day gets no more until the next (their items wait, pending).
 */
async function pickFairBatch(
  tx: Pick<Database, 'execute'>,
  { day, batchSize, dailyLimit }: { day: string; batchSize: number; dailyLimit: number },
): Promise<PickedItem[]> {
  return rowsOf<PickedItem>(
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
      select picked.id, picked.job_id, picked.email, picked.property, e.user_id as owner_id, picked.workspace_id,
             picked.follow_up, picked.request_id
      from eligible e
      cross join lateral (
        select i.id, i.job_id, i.email, i.property, j.workspace_id, j.follow_up, j.request_id,
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
}

/**
 * Locks what was picked; an item cancelled meanwhile (no longer pending) drops out. Workers are
 * serialised by the pacing lock, so nothing else claims these.
 */
async function keepStillPending(tx: Transaction, picked: PickedItem[]): Promise<PickedItem[]> {
  if (picked.length === 0) return [];
  const locked = await tx
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
    .for('update', { skipLocked: true });
  const ids = new Set(locked.map((row) => row.id));
  return picked.filter((item) => ids.has(item.id));
}

/** An item whose stored property cannot make an e-mail: it fails alone. */
class UnbuildableOffer extends Error {}

type ItemOutcome = { status: 'queued' } | { status: 'skipped' | 'failed'; error: string } | { status: 'waiting' };

/**
 * Hands one item's offer e-mail to the sending policy, due at `dueAt`, in a savepoint: a refusal
 * or an unbuildable offer undoes what the item wrote (its offer link) and the batch goes on.
 * Accept and Negotiate open this owner's own answerable offer (issue 12), owned by the job's
 * wholesaler; one per item (unique bulk_send_item_id), valid 7 days from its send time (§9).
 */
async function queueBulkItem(
  tx: Transaction,
  policy: SendingPolicyConfig,
  item: PickedItem,
  dueAt: Date,
): Promise<ItemOutcome> {
  const { property } = item;
  try {
    await tx.transaction(async (savepoint) => {
      let offerLink: CreatedOfferLink | undefined;
      let senderPostalAddress = '';
      const { id: emailId } = await sendToThirdParty(savepoint, policy, {
        workspaceId: item.workspace_id,
        senderUserId: item.owner_id,
        purpose: 'bulk-offer',
        to: item.email,
        // What the CSV gave: the address is the subject, the owner's name the greeting.
        typedText: [
          { field: 'address', label: 'The property address', text: property.address },
          { field: 'name', label: "The owner's name", text: ownerDisplayName(property) },
        ],
        compose: async (parts) => {
          senderPostalAddress = parts.sender.postalAddress;
          offerLink = await insertOfferLink(savepoint, policy.appUrl, {
            workspaceId: item.workspace_id,
            userId: item.owner_id,
            source: 'bulk-email',
            offer: {
              address: fullPropertyAddress(property),
              marketValue: property.marketValue,
              repairs: [],
              totalRepairCost: property.repairs ?? 0,
              templateName: property.templateName,
              offerRange: property.offerRange,
              formula: property.formula ?? null,
            },
            recipient: { name: ownerDisplayName(property), email: item.email },
            bulkSendItemId: item.id,
            createdAt: dueAt,
          });
          try {
            return buildOfferEmail({
              ...parts,
              property,
              offerUrl: offerLink.url,
              letterUrl: offerLink.letterUrl,
              expiresAt: offerLink.expiresAt,
              wholesalerEmail: parts.replyTo,
            });
          } catch (error) {
            throw new UnbuildableOffer((error instanceof Error ? error.message : String(error)).slice(0, 500));
          }
        },
        sendAt: dueAt,
        bulkSendItemId: item.id,
      });
      await recordProspectTouch(
        savepoint,
        { bulkSendItemId: item.id },
        { kind: 'e-mailed', at: dueAt, detail: item.email },
      );
      if (item.follow_up && offerLink) {
        await enrolFollowUp(savepoint, {
          workspaceId: item.workspace_id,
          senderUserId: item.owner_id,
          offerLink: { id: offerLink.id, url: offerLink.url, address: property.address },
          recipient: { email: item.email, name: ownerDisplayName(property) },
          senderPostalAddress,
          startedAt: dueAt,
          offerEmailId: emailId,
          // Someone already followed up (by another send) keeps their sequence: one per person.
          whenActive: 'keep',
        });
      }
    });
    return { status: 'queued' };
  } catch (error) {
    if (error instanceof UnbuildableOffer) return { status: 'failed', error: error.message };
    const refusal = sendingRefusalOf(error);
    if (!refusal) throw error;
    switch (refusal.reason) {
      case 'daily-limit':
        // Another e-mail of the owner's (a revised offer) used the day's last room: wait for tomorrow.
        return { status: 'waiting' };
      case 'recipient-unsubscribed':
        return { status: 'skipped', error: unsubscribedItemReason };
      case 'recipient-cooldown':
      case 'link-or-markup':
      case 'sender-cannot-send':
        return { status: 'skipped', error: refusal.message };
    }
  }
}

/**
 * Records when each owner was served, on the job served (an owner's time is the latest over all
 * their jobs): the owner served last in this batch counts as served latest.
 */
async function recordServed(tx: Transaction, items: PickedItem[], at: Date) {
  const servedAt = new Map<string, Date>();
  items.forEach((item, index) => servedAt.set(item.job_id, new Date(at.getTime() + index)));
  for (const [jobId, lastQueuedAt] of servedAt) {
    await tx.update(bulkSendJobs).set({ lastQueuedAt }).where(eq(bulkSendJobs.id, jobId));
  }
}

/**
 * Re-checks, when items are about to be picked, that each sender with a running job may still
 * send bulk offers for its workspace: still a member of it (a removed member's sends stop) in a
 * role that may bulk send (a demoted one's or one whose switch was turned off stop too), the
 * workspace's Pro plan (a downgrade stops the rest of the job), a verified e-mail (the Reply-To)
 * and a postal address in their profile there (CAN-SPAM). Their pending items are skipped with the
 * reason. Returns the jobs stopped, to be finished.
 */
async function stopIneligibleOwners(tx: Pick<Database, 'execute'>, at: Date): Promise<string[]> {
  // The values of an `in (…)`; '' is no plan and no role: it keeps the list valid when it is empty.
  const listOf = (values: readonly string[]) =>
    sql.join(
      [...values, ''].map((value) => sql`${value}`),
      sql`, `,
    );
  const plans = listOf(BULK_PLANS);
  // A demotion or a switch turned off stops the sends at once (handOverLostWork); this catches a
  // job created while the change was being made.
  const mayNotBulkSend = sql`(m.role not in (${listOf(BULK_SENDERS.always)})
    and not (m.role in (${listOf(BULK_SENDERS.withSwitch)}) and m.may_bulk_send_and_export))`;
  const rows = await rowsOf<{ job_id: string }>(
    tx,
    sql`
    with ineligible as (
      select j.id as job_id,
        case
          when m.id is null then ${stoppedItemReasons.notMember}
          when ${mayNotBulkSend} then ${stoppedItemReasons.notAllowed}
          when coalesce(s.plan, 'free') not in (${plans}) then ${stoppedItemReasons.plan}
          when not u.email_verified then ${stoppedItemReasons.unverified}
          else ${stoppedItemReasons.postalAddress}
        end as reason
      from bulk_send_jobs j
      join "user" u on u.id = j.user_id
      left join member m on m.organization_id = j.workspace_id and m.user_id = j.user_id
      left join subscriptions s on s.workspace_id = j.workspace_id
      left join wholesaler_profiles p on p.workspace_id = j.workspace_id and p.user_id = j.user_id
      where j.status = 'running'
        and (m.id is null
             or ${mayNotBulkSend}
             or coalesce(s.plan, 'free') not in (${plans})
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
