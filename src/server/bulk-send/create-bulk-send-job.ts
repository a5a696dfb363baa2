import { eq, sql } from 'drizzle-orm';
import { bulkOfferRange } from '#domain/bulk-import/bulk-offer-range.ts';
import type { BulkSendRequest } from '#domain/bulk-import/bulk-send-request.ts';
import { csvRowReasons } from '#domain/bulk-import/normalize-csv-row.ts';
import { homeownerEmailKey } from '#domain/email/homeowner-email-key.ts';
import { namedFormula, offerIsWorkable } from '#domain/offer/compute-offer-range.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { Database } from '../db/database';
import { bulkSendJobs, type BulkSendItemProperty } from '../db/schema';
import { Refusal } from '../http/refusal';
import { currentRequestId } from '../observability/request-context';

/** The channel the bulk-send worker listens on, so a new job starts at once in any process. */
export const BULK_SEND_CHANNEL = 'bulk_send';

/** Items per INSERT statement: each a short transaction, so a 50,000-item job does not hold the database. */
export const INSERT_CHUNK_SIZE = 1_000;

export const duplicateItemReason = 'Duplicate of an earlier row (same e-mail and address)';

const dedupeKey = (property: { email: string; address: string }) =>
  `${homeownerEmailKey(property.email)}\u0000${property.address.toLowerCase().replace(/\s+/g, ' ').trim()}`;

/**
 * Send Selected Offers from a bulk import (spec §4, §7): stores the job and one item per selected
 * property, offers recomputed from the template. The job is stored 'preparing', its items in
 * INSERT … SELECT statements of INSERT_CHUNK_SIZE from a JSON array, then it turns 'running' and
 * the workers are woken: they never see a half-stored job. The job is the workspace's, sent by the member.
 * A row repeating an earlier one's e-mail and address is stored as skipped, so nobody gets
 * the same offer twice. Returns the job id; the worker (start-bulk-send-worker.ts) sends.
 */
export async function createBulkSendJob(
  db: Database,
  { workspaceId, userId }: Pick<WorkspaceMember, 'workspaceId' | 'userId'>,
  request: BulkSendRequest,
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
  try {
    // Short statements, each its own transaction, so other requests get the database between
    // them (PGlite has one connection); the worker ignores the job while it is 'preparing'.
    for (let start = 0; start < items.length; start += INSERT_CHUNK_SIZE) {
      // PGlite runs each statement on this thread and answers without a turn of the event loop:
      // give waiting requests (a health check, another user's page) their turn between chunks.
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      const chunk = items.slice(start, start + INSERT_CHUNK_SIZE);
      await db.execute(sql`
        insert into bulk_send_items (job_id, position, email, property, status, error, processed_at)
        select ${job.id}::uuid, (${start}::int + item.position - 1)::int, item.value->>'email', item.value->'property',
               item.value->>'status', item.value->>'error',
               case when item.value->>'status' = 'pending' then null else now() end
        from jsonb_array_elements(${JSON.stringify(chunk)}::jsonb) with ordinality as item(value, position)
        where exists (select 1 from bulk_send_jobs where id = ${job.id}::uuid and status = 'preparing')`);
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
    throw error;
  }
  return { jobId: job.id, total: items.length };
}
