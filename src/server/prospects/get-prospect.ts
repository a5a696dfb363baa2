import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { bulkSendItems, bulkSendJobs, prospects, prospectTouches, user } from '../db/schema';
import { ownedRow } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { prospectColumns, prospectView } from './prospect-view';

/** Touches and sends a prospect's page shows, newest first. */
const SHOWN = 200;

export const prospectMessages = {
  notFound: 'Prospect not found',
  alreadyLead: 'This owner is a lead already',
  sendNotFound: 'Send not found',
} as const;

/** One prospect of the workspace with its touches and the sends that reached it; another workspace's id is 404. */
export async function getProspect(db: Database, workspaceId: string, id: string) {
  const [row] = await db
    .select(prospectColumns)
    .from(prospects)
    .where(ownedRow(prospects, id, workspaceId));
  if (!row) throw new Refusal(404, prospectMessages.notFound, { code: 'not-found' });
  const touches = await db
    .select({
      id: prospectTouches.id,
      kind: prospectTouches.kind,
      at: prospectTouches.at,
      sendId: prospectTouches.sendJobId,
      detail: prospectTouches.detail,
      actorName: user.name,
    })
    .from(prospectTouches)
    .leftJoin(user, eq(user.id, prospectTouches.actorUserId))
    .where(eq(prospectTouches.prospectId, row.id))
    .orderBy(desc(prospectTouches.at), desc(prospectTouches.id))
    .limit(SHOWN);
  const sends = await db
    .select({
      sendId: bulkSendJobs.id,
      sentAt: bulkSendJobs.createdAt,
      offerLow: sql<number>`(${bulkSendItems.property}->'offerRange'->>'low')::numeric`.mapWith(Number),
      offerHigh: sql<number>`(${bulkSendItems.property}->'offerRange'->>'high')::numeric`.mapWith(Number),
      status: bulkSendItems.status,
      reason: bulkSendItems.error,
    })
    .from(bulkSendItems)
    .innerJoin(bulkSendJobs, eq(bulkSendJobs.id, bulkSendItems.jobId))
    .where(eq(bulkSendItems.prospectId, row.id))
    .orderBy(desc(bulkSendJobs.createdAt), bulkSendItems.position)
    .limit(SHOWN);
  return {
    prospect: prospectView(row),
    touches: touches.map(({ at, ...touch }) => ({ ...touch, at: at.toISOString() })),
    sends: sends.map(({ sentAt, offerLow, offerHigh, ...send }) => ({
      ...send,
      sentAt: sentAt.toISOString(),
      offerRange: { low: offerLow, high: offerHigh },
    })),
  };
}
