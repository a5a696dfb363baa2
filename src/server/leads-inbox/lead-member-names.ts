import { inArray } from 'drizzle-orm';
import { memberNameOrNeutral } from '#domain/workspaces/member-name.ts';
import type { Database } from '../db/database';
import { memberNameSql } from '../db/member-name';
import { user } from '../db/schema';

/**
 * The names of these users (assignees, history's actors) as the workspace's members read them
 * (memberNameSql: the profile's display name, else the account name, else a neutral word), by id;
 * a gone user has none.
 */
export async function memberNames(
  db: Pick<Database, 'select'>,
  workspaceId: string,
  userIds: readonly (string | null)[],
): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: user.id, name: memberNameSql(workspaceId) })
    .from(user)
    .where(inArray(user.id, ids));
  return new Map(rows.map((row) => [row.id, memberNameOrNeutral(row.name)]));
}
