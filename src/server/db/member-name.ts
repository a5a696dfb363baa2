import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { user, wholesalerProfiles } from './schema';
import { inWorkspace } from './workspace-scope';

/**
 * A member's name as others see it (issue 42 §6), for a query over `user`: the display name of
 * their profile in `workspaceId`, else the account name they gave (typed, or Google's), never a
 * part of their e-mail; null when they have neither (memberNameOrNeutral then says something neutral).
 */
export function memberNameSql(workspaceId: AnyPgColumn | SQL | string): SQL<string | null> {
  return sql<string | null>`coalesce(
    (select nullif(btrim(${wholesalerProfiles.displayName}), '') from ${wholesalerProfiles}
      where ${wholesalerProfiles.userId} = ${user.id} and ${inWorkspace(wholesalerProfiles, workspaceId)}),
    nullif(btrim(${user.name}), ''))`;
}
