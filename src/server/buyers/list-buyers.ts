import { and, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { BUYERS_PAGE_SIZE, type BuyerListQuery } from '#domain/buyers/buyer-request.ts';
import type { Database } from '../db/database';
import { pageCursor, containing } from '../db/list-queries';
import { buyers } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { buyerColumns, buyerView } from './buyer-view';

const cursors = pageCursor({ name: z.string(), id: z.uuid() });

/**
 * The workspace's buyers in name order, BUYERS_PAGE_SIZE a page with a keyset cursor, searched by
 * name, company, e-mail or area; with the workspace's count of buyers (all, not only the page).
 */
export async function listBuyers(db: Database, workspaceId: string, query: BuyerListQuery) {
  const after = query.cursor === undefined ? null : cursors.read(query.cursor);
  if (query.cursor !== undefined && !after) throw new Refusal(400, 'Invalid page cursor');
  const conditions: (SQL | undefined)[] = [inWorkspace(buyers, workspaceId)];
  if (query.q) {
    const pattern = containing(query.q);
    conditions.push(
      or(
        ilike(buyers.name, pattern),
        ilike(buyers.company, pattern),
        ilike(buyers.email, pattern),
        sql`${buyers.areas}::text ilike ${pattern}`,
      ),
    );
  }
  if (after)
    conditions.push(or(gt(buyers.name, after.name), and(eq(buyers.name, after.name), gt(buyers.id, after.id))));
  const [rows, [counted]] = await Promise.all([
    db
      .select(buyerColumns)
      .from(buyers)
      .where(and(...conditions))
      .orderBy(buyers.name, buyers.id)
      .limit(BUYERS_PAGE_SIZE + 1),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(buyers)
      .where(inWorkspace(buyers, workspaceId)),
  ]);
  const page = rows.slice(0, BUYERS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    buyers: page.map(buyerView),
    total: counted?.total ?? 0,
    nextCursor: rows.length > BUYERS_PAGE_SIZE && last ? cursors.write({ name: last.name, id: last.id }) : null,
  };
}
