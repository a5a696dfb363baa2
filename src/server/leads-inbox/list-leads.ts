import { and, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { LEADS_PAGE_SIZE, type LeadsInboxQuery } from '#domain/leads/lead-inbox-requests.ts';
import type { Database } from '../db/database';
import { pageCursor, containing } from '../db/list-queries';
import { leads } from '../db/schema';
import { leadsVisibleTo, type LeadReader } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { memberNames } from './lead-member-names';
import { leadView } from './lead-view';

const cursors = pageCursor({ respondedAt: z.iso.datetime(), id: z.uuid() });

/**
 * The lead answered an offer of this send: a bulk e-mail's item, or a mail send's piece (another
 * workspace's send matches none of the reader's leads, which the scope already holds to theirs).
 */
const answeredSend = (sendId: string) =>
  sql`exists (select 1 from offer_links
      join bulk_send_items on bulk_send_items.id = offer_links.bulk_send_item_id
      where offer_links.id = ${leads.offerLinkId} and bulk_send_items.job_id = ${sendId}::uuid
    union all
    select 1 from mail_short_codes join mail_pieces on mail_pieces.id = mail_short_codes.piece_id
      where mail_short_codes.offer_link_id = ${leads.offerLinkId} and mail_pieces.send_id = ${sendId}::uuid)`;

/**
 * The leads the member sees (their workspace's, or only those assigned to them), latest answer
 * first, each with its assignee, LEADS_PAGE_SIZE (50) a page with a keyset cursor (stays fast at
 * any depth). `assignee`: 'me' (Mine), 'all' or absent (Everyone they see), or a member's user id.
 * Every query is scoped to the workspace first: it walks the (workspace, responded_at, id) index,
 * (workspace, assignee, responded_at, id) for one assignee, or (workspace, status, responded_at,
 * id) with a status filter, in order (a source or send filter also filters along that walk) and stops at a page; a search (address or name,
 * case-insensitive, anywhere in the text) filters along that walk, so it only reads that
 * workspace's rows.
 */
export async function listLeads(db: Database, member: LeadReader, query: LeadsInboxQuery) {
  const after = query.cursor === undefined ? null : cursors.read(query.cursor);
  if (query.cursor !== undefined && !after) throw new Refusal(400, 'Invalid page cursor');

  const conditions: (SQL | undefined)[] = [leadsVisibleTo(member)];
  if (query.assignee !== undefined && query.assignee !== 'all') {
    conditions.push(eq(leads.assigneeUserId, query.assignee === 'me' ? member.userId : query.assignee));
  }
  if (query.status) conditions.push(eq(leads.status, query.status));
  if (query.source) conditions.push(eq(leads.source, query.source));
  if (query.sendId) conditions.push(answeredSend(query.sendId));
  if (query.q) conditions.push(or(ilike(leads.address, containing(query.q)), ilike(leads.name, containing(query.q))));
  if (after) {
    const at = new Date(after.respondedAt);
    conditions.push(or(lt(leads.respondedAt, at), and(eq(leads.respondedAt, at), lt(leads.id, after.id))));
  }
  const rows = await db
    .select()
    .from(leads)
    .where(and(...conditions))
    // NULLS LAST as the indexes are built (drizzle-kit's .desc()): plain DESC means NULLS FIRST, which
    // no index gives, so the database would read every lead of the workspace and sort them for a page.
    .orderBy(sql`${leads.respondedAt} desc nulls last`, sql`${leads.id} desc nulls last`)
    .limit(LEADS_PAGE_SIZE + 1);
  const page = rows.slice(0, LEADS_PAGE_SIZE);
  const last = page.at(-1);
  const names = await memberNames(
    db,
    member.workspaceId,
    page.map((lead) => lead.assigneeUserId),
  );
  return {
    leads: page.map((lead) => leadView(lead, names.get(lead.assigneeUserId ?? '') ?? null)),
    nextCursor:
      rows.length > LEADS_PAGE_SIZE && last
        ? cursors.write({ respondedAt: last.respondedAt.toISOString(), id: last.id })
        : null,
  };
}
