import { inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import { user } from '../db/schema';

/** The account names of these users (assignees, history's actors), by id; a gone user has none. */
export async function memberNames(
  db: Pick<Database, 'select'>,
  userIds: readonly (string | null)[],
): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}
