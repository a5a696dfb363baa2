import { and, desc, eq, sql } from 'drizzle-orm';
import { answerRate, sameOfferSentReason } from '#domain/prospects/prospect-requests.ts';
import type { Database } from '../db/database';
import { bulkSendItems, bulkSendJobs, prospectTouches } from '../db/schema';
import { inWorkspace, ownedRow } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { prospectMessages } from './get-prospect';

/** Sends the picker lists, newest first. */
const SENDS_LISTED = 100;

/** The workspace's sends, newest first, for the Prospects screen's send picker. */
export async function listSends(db: Database, workspaceId: string) {
  const rows = await db
    .select({
      id: bulkSendJobs.id,
      createdAt: bulkSendJobs.createdAt,
      total: bulkSendJobs.total,
      status: bulkSendJobs.status,
    })
    .from(bulkSendJobs)
    .where(inWorkspace(bulkSendJobs, workspaceId))
    .orderBy(desc(bulkSendJobs.createdAt), desc(bulkSendJobs.id))
    .limit(SENDS_LISTED);
  return { sends: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

/**
 * What an e-mail send earned (issue 41, part 6), read from its prospects' touches: owners reached
 * (e-mailed at least once), e-mails sent, and the owners who bounced, unsubscribed and answered,
 * the answer rate (answered / reached), and the rows it skipped because an earlier send had made
 * the owner the same offer. Another workspace's send is 404.
 */
export async function summarizeSend(db: Database, workspaceId: string, sendId: string) {
  const [job] = await db
    .select({ id: bulkSendJobs.id, total: bulkSendJobs.total, createdAt: bulkSendJobs.createdAt })
    .from(bulkSendJobs)
    .where(ownedRow(bulkSendJobs, sendId, workspaceId));
  if (!job) throw new Refusal(404, prospectMessages.sendNotFound, { code: 'not-found' });
  const owners = (kind: string) =>
    sql<number>`count(distinct ${prospectTouches.prospectId}) filter (where ${prospectTouches.kind} = ${kind})`.mapWith(
      Number,
    );
  const [figures] = await db
    .select({
      reached: owners('e-mailed'),
      emailed: sql<number>`count(*) filter (where ${prospectTouches.kind} = 'e-mailed')`.mapWith(Number),
      bounced: owners('bounced'),
      unsubscribed: owners('unsubscribed'),
      answered: owners('answered'),
    })
    .from(prospectTouches)
    .where(and(inWorkspace(prospectTouches, workspaceId), eq(prospectTouches.sendJobId, job.id)));
  const [skipped] = await db
    .select({ alreadySent: sql<number>`count(*)`.mapWith(Number) })
    .from(bulkSendItems)
    .where(
      and(
        eq(bulkSendItems.jobId, job.id),
        eq(bulkSendItems.status, 'skipped'),
        eq(bulkSendItems.error, sameOfferSentReason),
      ),
    );
  const counts = figures ?? { reached: 0, emailed: 0, bounced: 0, unsubscribed: 0, answered: 0 };
  return {
    sendId: job.id,
    createdAt: job.createdAt.toISOString(),
    rows: job.total,
    ...counts,
    answerRate: answerRate(counts),
    alreadySent: skipped?.alreadySent ?? 0,
  };
}
