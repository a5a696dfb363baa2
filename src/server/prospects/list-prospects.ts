import { and, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PROSPECTS_PAGE_SIZE, type ProspectListQuery } from '#domain/prospects/prospect-requests.ts';
import type { Database } from '../db/database';
import { pageCursor, containing } from '../db/list-queries';
import { prospects } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { mailable, prospectColumns, prospectView } from './prospect-view';

const cursors = pageCursor({ key: z.string(), id: z.uuid() });

/**
 * The workspace's prospects, in address order (their key), PROSPECTS_PAGE_SIZE a page with a keyset
 * cursor: every one, or those one send reached (`sendId`, an e-mail or a mail send: another workspace's send reaches none of
 * these), searched by name or address, filtered by status, by a touch they had, by a channel they
 * can be reached by. Walks the (workspace, key) index and stops at a page. (Subqueries name the
 * outer row "prospects"."id" in full: a one-table select names its columns unqualified.)
 */
export async function listProspects(db: Database, workspaceId: string, query: ProspectListQuery) {
  const after = query.cursor === undefined ? null : cursors.read(query.cursor);
  if (query.cursor !== undefined && !after) throw new Refusal(400, 'Invalid page cursor');

  const conditions: (SQL | undefined)[] = [inWorkspace(prospects, workspaceId)];
  if (query.sendId) {
    conditions.push(
      sql`(exists (select 1 from bulk_send_items i where i.prospect_id = "prospects"."id" and i.job_id = ${query.sendId}::uuid)
        or exists (select 1 from mail_short_codes c join mail_pieces p on p.id = c.piece_id
          where c.prospect_id = "prospects"."id" and p.send_id = ${query.sendId}::uuid))`,
    );
  }
  if (query.q) {
    conditions.push(or(ilike(prospects.name, containing(query.q)), ilike(prospects.address, containing(query.q))));
  }
  if (query.status) conditions.push(eq(prospects.status, query.status));
  if (query.touch) {
    conditions.push(
      sql`exists (select 1 from prospect_touches t where t.prospect_id = "prospects"."id" and t.kind = ${query.touch})`,
    );
  }
  if (query.channel === 'email') conditions.push(sql`jsonb_array_length(${prospects.emails}) > 0`);
  if (query.channel === 'phone') conditions.push(sql`jsonb_array_length(${prospects.phones}) > 0`);
  if (query.channel === 'mail') conditions.push(mailable);
  if (after) {
    conditions.push(or(gt(prospects.key, after.key), and(eq(prospects.key, after.key), gt(prospects.id, after.id))));
  }
  const rows = await db
    .select(prospectColumns)
    .from(prospects)
    .where(and(...conditions))
    .orderBy(prospects.key, prospects.id)
    .limit(PROSPECTS_PAGE_SIZE + 1);
  const page = rows.slice(0, PROSPECTS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    prospects: page.map(prospectView),
    nextCursor: rows.length > PROSPECTS_PAGE_SIZE && last ? cursors.write({ key: last.key, id: last.id }) : null,
  };
}
