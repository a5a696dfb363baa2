import { and, desc, eq, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/database';
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

/** The workspace's saved properties, newest first (spec §7), a page at a time (keyset pagination stays fast at any depth). */
export async function listSavedProperties(
  db: Database,
  workspaceId: string,
  query: z.infer<typeof SavedListQuerySchema>,
) {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (query.cursor !== undefined && !after) throw new Refusal(400, 'Invalid page cursor');

  const ownedByWorkspace = eq(savedProperties.workspaceId, workspaceId);
  const afterCursor = after
    ? or(
        lt(savedProperties.createdAt, new Date(after.createdAt)),
        and(eq(savedProperties.createdAt, new Date(after.createdAt)), lt(savedProperties.id, after.id)),
      )
    : undefined;

  const rows = await db
    .select()
    .from(savedProperties)
    .where(afterCursor ? and(ownedByWorkspace, afterCursor) : ownedByWorkspace)
    .orderBy(desc(savedProperties.createdAt), desc(savedProperties.id))
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    properties: page.map(({ workspaceId: _owner, ...property }) => property),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}
