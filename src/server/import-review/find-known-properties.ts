import { and, inArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  flagKnownProperties,
  houseNumber,
  type KnownPropertiesRequest,
  type KnownPropertyKind,
} from '#domain/bulk-import/known-properties.ts';
import type { Database } from '../db/database';
import { leads, savedProperties } from '../db/schema';
import { inWorkspace, leadsVisibleTo, type LeadReader } from '../db/workspace-scope';

/**
 * The review's rows already a lead (one the member sees) or a saved property of the workspace, with
 * other figures (issue 41): one query for the whole list, narrowed by the rows' house numbers, and
 * matched by street and ZIP (flagKnownProperties).
 */
export async function findKnownProperties(db: Database, member: LeadReader, rows: KnownPropertiesRequest['rows']) {
  const numbers = [...new Set(rows.flatMap((row) => houseNumber(row.address) ?? []))];
  if (numbers.length === 0) return [];
  const firstWord = (column: typeof leads.address | typeof savedProperties.address) =>
    sql<string>`split_part(btrim(${column}), ' ', 1)`;
  const known = await unionAll(
    db
      .select({
        kind: sql<KnownPropertyKind>`'lead'`.as('kind'),
        address: leads.address,
        low: leads.offerLow,
        high: leads.offerHigh,
      })
      .from(leads)
      .where(and(leadsVisibleTo(member), inArray(firstWord(leads.address), numbers))),
    db
      .select({
        kind: sql<KnownPropertyKind>`'saved'`.as('kind'),
        address: savedProperties.address,
        low: savedProperties.cashOfferLow,
        high: savedProperties.cashOfferHigh,
      })
      .from(savedProperties)
      .where(
        and(inWorkspace(savedProperties, member.workspaceId), inArray(firstWord(savedProperties.address), numbers)),
      ),
  );
  return flagKnownProperties(rows, known);
}
