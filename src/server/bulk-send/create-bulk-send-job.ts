import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { bulkOfferRange } from '#domain/bulk-import/bulk-offer-range.ts';
import type { BulkSendRequest } from '#domain/bulk-import/bulk-send-request.ts';
import { csvRowReasons } from '#domain/bulk-import/normalize-csv-row.ts';
import { homeownerEmailKey } from '#domain/email/homeowner-email-key.ts';
import { namedFormula, offerIsWorkable } from '#domain/offer/compute-offer-range.ts';
import {
  mergeProspectFields,
  prospectOfRow,
  type ListedOwner,
  type ProspectFields,
} from '#domain/prospects/listed-owner.ts';
import { sameOfferSentReason } from '#domain/prospects/prospect-requests.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { Database } from '../db/database';
import { bulkSendJobs, prospects, type BulkSendItemProperty } from '../db/schema';
import { Refusal } from '../http/refusal';
import { currentRequestId } from '../observability/request-context';
import { storeProspects, type SentOffer } from '../prospect-touches/store-prospects';

/** The channel the bulk-send worker listens on, so a new job starts at once in any process. */
export const BULK_SEND_CHANNEL = 'bulk_send';

/** Items per INSERT statement: each a short transaction, so a 50,000-item job does not hold the database. */
export const INSERT_CHUNK_SIZE = 1_000;

export const duplicateItemReason = 'Duplicate of an earlier row (same e-mail and address)';

/** The send request as the server takes it: a member may choose to send an owner the same offer again. */
export type BulkSendJobRequest = BulkSendRequest & { resendSameOffer?: boolean };

const dedupeKey = (property: { email: string; address: string }) =>
  `${homeownerEmailKey(property.email)}\u0000${property.address.toLowerCase().replace(/\s+/g, ' ').trim()}`;

/**
 * Send Selected Offers from a bulk import (spec §4, §7): stores the job and one item per selected
 * property, offers recomputed from the template. The job is stored 'preparing', its items in
 * INSERT … SELECT statements of INSERT_CHUNK_SIZE from a JSON array, then it turns 'running' and
 * the workers are woken: they never see a half-stored job. The job is the workspace's, sent by the member.
 * A row repeating an earlier one's e-mail and address is stored as skipped, so nobody gets
 * the same offer twice. Every row's owner and property is a prospect of the workspace (found by
 * its key, or made), stored with its chunk of items in one transaction; a row whose prospect an
 * earlier send already offered the same range is stored as skipped (sameOfferSentReason) unless
 * the member chose `resendSameOffer`. Returns the job id; the worker (start-bulk-send-worker.ts) sends.
 */
export async function createBulkSendJob(
  db: Database,
  { workspaceId, userId }: Pick<WorkspaceMember, 'workspaceId' | 'userId'>,
  request: BulkSendJobRequest,
): Promise<{ jobId: string; total: number }> {
  const seen = new Set<string>();
  const items = request.properties.map((property, index) => {
    const offerRange = bulkOfferRange(property, request.template);
    if (!offerIsWorkable(offerRange)) {
      throw new Refusal(400, csvRowReasons.offerUnworkable, { details: { field: `properties.${index}.marketValue` } });
    }
    const stored: BulkSendItemProperty = {
      ...property,
      offerRange,
      templateName: request.template.name,
      formula: namedFormula(request.template),
    };
    const key = dedupeKey(property);
    const duplicate = seen.has(key);
    seen.add(key);
    return {
      email: property.email,
      owner: prospectOfRow(property as ListedOwner),
      property: stored,
      status: duplicate ? 'skipped' : 'pending',
      error: duplicate ? duplicateItemReason : null,
    };
  });

  const [job] = await db
    .insert(bulkSendJobs)
    .values({
      workspaceId,
      userId,
      total: items.length,
      status: 'preparing',
      followUp: request.followUp,
      requestId: currentRequestId(),
    })
    .returning({ id: bulkSendJobs.id });
  if (!job) throw new Error('bulk_send_jobs insert returned no row');
  const resend = request.resendSameOffer === true;
  // Prospects this send made: removed again if it fails, unless another send reached them meanwhile.
  const createdProspects: string[] = [];
  try {
    // Short transactions, one a chunk (its prospects, its items, their offers), so other requests
    // get the database between them (PGlite has one connection); the worker ignores the job while
    // it is 'preparing'.
    for (let start = 0; start < items.length; start += INSERT_CHUNK_SIZE) {
      // PGlite runs each statement on this thread and answers without a turn of the event loop:
      // give waiting requests (a health check, another user's page) their turn between chunks.
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      const chunk = items.slice(start, start + INSERT_CHUNK_SIZE);
      const owners = new Map<string, ProspectFields & { sent: SentOffer }>();
      for (const { owner, property } of chunk) {
        const known = owners.get(owner.key);
        const sent = known?.sent ?? {
          jobId: job.id,
          low: property.offerRange.low,
          high: property.offerRange.high,
          marketValue: property.marketValue,
          templateName: property.templateName,
        };
        owners.set(owner.key, { ...(known ? mergeProspectFields(known, owner) : owner), sent });
      }
      await db.transaction(async (tx) => {
        const { idByKey, created } = await storeProspects(tx, workspaceId, [...owners.values()]);
        createdProspects.push(...created);
        const rows = chunk.map(({ owner, ...item }) => ({ ...item, prospectId: idByKey.get(owner.key) }));
        // An owner and property an earlier send offered this same range (an item of it waiting or
        // queued) is skipped; the prospect rows are locked above, so a send storing them at the same
        // time sees this one's items once it commits.
        await tx.execute(sql`
          with row as (
            select item.value, item.position, (item.value->>'prospectId')::uuid as prospect_id,
              item.value->>'status' = 'pending' and not ${resend} and exists (
                select 1 from bulk_send_items earlier
                where earlier.prospect_id = (item.value->>'prospectId')::uuid
                  and earlier.job_id <> ${job.id}::uuid
                  and earlier.status in ('pending', 'queued')
                  and earlier.property->'offerRange' = item.value->'property'->'offerRange') as already_sent
            from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as item(value, position)
          )
          insert into bulk_send_items (job_id, position, email, property, status, error, processed_at, prospect_id)
          select ${job.id}::uuid, (${start}::int + row.position - 1)::int, row.value->>'email', row.value->'property',
                 case when row.already_sent then 'skipped' else row.value->>'status' end,
                 case when row.already_sent then ${sameOfferSentReason} else row.value->>'error' end,
                 case when row.value->>'status' = 'pending' and not row.already_sent then null else now() end,
                 row.prospect_id
          from row
          where exists (select 1 from bulk_send_jobs where id = ${job.id}::uuid and status = 'preparing')`);
        // The offer each known prospect is sent now, and the send it came from (a new one has it).
        await tx.execute(sql`
          update prospects set offer_low = (i.property->'offerRange'->>'low')::numeric,
            offer_high = (i.property->'offerRange'->>'high')::numeric,
            market_value = (i.property->>'marketValue')::numeric,
            template_name = i.property->>'templateName', last_send_job_id = i.job_id, updated_at = now()
          from bulk_send_items i
          where i.job_id = ${job.id}::uuid and i.position >= ${start}::int and i.position < ${start + chunk.length}::int
            and i.status = 'pending' and i.prospect_id = prospects.id
            and prospects.last_send_job_id is distinct from i.job_id`);
      });
    }
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update bulk_send_jobs set status = 'running' where id = ${job.id}::uuid and status = 'preparing'`,
      );
      await tx.execute(sql`select pg_notify(${BULK_SEND_CHANNEL}, ${job.id})`);
    });
  } catch (error) {
    // Nothing was sent: the job goes, so no half-stored job lingers.
    await db.delete(bulkSendJobs).where(eq(bulkSendJobs.id, job.id));
    await forgetUnreachedProspects(db, createdProspects);
    throw error;
  }
  return { jobId: job.id, total: items.length };
}

/** Removes the prospects a failed send made, in chunks, unless another send reached them meanwhile. */
async function forgetUnreachedProspects(db: Database, ids: string[]) {
  for (let start = 0; start < ids.length; start += INSERT_CHUNK_SIZE) {
    const chunk = ids.slice(start, start + INSERT_CHUNK_SIZE);
    await db
      .delete(prospects)
      .where(
        and(
          inArray(prospects.id, chunk),
          isNull(prospects.leadId),
          sql`not exists (select 1 from bulk_send_items i where i.prospect_id = "prospects"."id")`,
          sql`not exists (select 1 from prospect_touches t where t.prospect_id = "prospects"."id")`,
        ),
      );
  }
}
