import { and, desc, eq, getTableColumns, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/database';
import { preparedPerDatabase } from '../db/prepared';
import { savedProperties } from '../db/schema';
import { Refusal } from '../http/refusal';

export const SavedListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const CursorSchema = z.object({ createdAt: z.iso.datetime(), id: z.uuid() });

function encodeCursor(row: { createdAt: Date; id: string }) {
  return Buffer.from(JSON.stringify({ createdAt: row.createdAt.toISOString(), id: row.id })).toString('base64url');
}

function decodeCursor(cursor: string) {
  try {
    return CursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
}

const { workspaceId: _workspace, ...listedColumns } = getTableColumns(savedProperties);
/** The list's order, which saved_properties_workspace_created_idx holds as it is (saved-list-index.test.ts). */
export const newestFirst = [desc(savedProperties.createdAt), desc(savedProperties.id)] as const;

const firstPage = preparedPerDatabase((db) =>
  db
    .select(listedColumns)
    .from(savedProperties)
    .where(eq(savedProperties.workspaceId, sql.placeholder('workspaceId')))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .prepare('saved_list_first_page'),
);

// Keyset pagination: the rows after the cursor's (created_at, id), read off the same index at any depth.
const pageAfter = preparedPerDatabase((db) =>
  db
    .select(listedColumns)
    .from(savedProperties)
    .where(
      and(
        eq(savedProperties.workspaceId, sql.placeholder('workspaceId')),
        or(
          lt(savedProperties.createdAt, sql.placeholder('createdAt')),
          and(
            eq(savedProperties.createdAt, sql.placeholder('createdAt')),
            lt(savedProperties.id, sql.placeholder('id')),
          ),
        ),
      ),
    )
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .prepare('saved_list_page_after'),
);

/** The workspace's saved properties, newest first (spec §7), a page at a time. */
export async function listSavedProperties(
  db: Database,
  workspaceId: string,
  query: z.infer<typeof SavedListQuerySchema>,
) {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (query.cursor !== undefined && !after) throw new Refusal(400, 'Invalid page cursor');

  // One more than the page: whether there is a next one.
  const limit = query.limit + 1;
  const rows = after
    ? await pageAfter(db).execute({ workspaceId, limit, createdAt: after.createdAt, id: after.id })
    : await firstPage(db).execute({ workspaceId, limit });

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    properties: page,
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}
