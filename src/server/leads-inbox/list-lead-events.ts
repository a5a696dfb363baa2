import { and, desc, eq, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import { LEAD_HISTORY_PAGE_SIZE } from '#domain/leads/lead-inbox-requests.ts';
import type { Database } from '../db/database';
import { pageCursor } from '../db/list-queries';
import { leadEvents, leads } from '../db/schema';
import { leadsVisibleTo, type LeadReader } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { leadNotFound } from './find-owned-lead';
import { memberNames } from './lead-member-names';
import { leadEventView } from './lead-view';

const cursors = pageCursor({ createdAt: z.iso.datetime(), id: z.uuid() });

/**
 * One page of the history of a lead the member sees, oldest first, each entry with the member who
 * did it (actor): the LEAD_HISTORY_PAGE_SIZE (50) newest
 * entries, or with `before` (a previous page's earlierCursor) the 50 just before that page,
 * walking the (lead, created_at, id) index backwards, so a long history is never sent whole;
 * earlierCursor is null once nothing older is left. 404 for a lead they do not see.
 */
export async function listLeadEvents(
  db: Pick<Database, 'select'>,
  member: LeadReader,
  leadId: string,
  cursor?: string,
) {
  const before = cursor === undefined ? null : cursors.read(cursor);
  if (cursor !== undefined && !before) throw new Refusal(400, 'Invalid history cursor');
  const [owned] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, leadId), leadsVisibleTo(member)));
  if (!owned) throw leadNotFound();
  const at = before ? new Date(before.createdAt) : null;
  const rows = await db
    .select()
    .from(leadEvents)
    .where(
      and(
        eq(leadEvents.leadId, leadId),
        before && at
          ? or(lt(leadEvents.createdAt, at), and(eq(leadEvents.createdAt, at), lt(leadEvents.id, before.id)))
          : undefined,
      ),
    )
    .orderBy(desc(leadEvents.createdAt), desc(leadEvents.id))
    .limit(LEAD_HISTORY_PAGE_SIZE + 1);
  const page = rows.slice(0, LEAD_HISTORY_PAGE_SIZE);
  const oldest = page.at(-1);
  const names = await memberNames(
    db,
    member.workspaceId,
    page.map((event) => event.actorUserId),
  );
  return {
    events: page.reverse().map((event) => leadEventView(event, names.get(event.actorUserId ?? '') ?? null)),
    earlierCursor:
      rows.length > LEAD_HISTORY_PAGE_SIZE && oldest
        ? cursors.write({ createdAt: oldest.createdAt.toISOString(), id: oldest.id })
        : null,
  };
}
