import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Transaction } from '../db/database';
import { pageCursor } from '../db/list-queries';
import { decodedOrNull, preparedRowsPerDatabase } from '../db/prepared';
import { savedProperties } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';

export const SavedListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const cursors = pageCursor({ createdAt: z.iso.datetime(), id: z.uuid() });

/** A saved property as the list shows it: every column but its workspace. */
export type ListedProperty = Omit<typeof savedProperties.$inferSelect, 'workspaceId'>;

/** The list's columns, in the order listedPropertyOf reads them. */
const listedColumns = {
  id: savedProperties.id,
  address: savedProperties.address,
  marketValue: savedProperties.marketValue,
  repairCosts: savedProperties.repairCosts,
  totalRepairCost: savedProperties.totalRepairCost,
  cashOfferLow: savedProperties.cashOfferLow,
  cashOfferHigh: savedProperties.cashOfferHigh,
  formula: savedProperties.formula,
  repairEstimate: savedProperties.repairEstimate,
  arvComps: savedProperties.arvComps,
  contactName: savedProperties.contactName,
  contactEmail: savedProperties.contactEmail,
  contactPhone: savedProperties.contactPhone,
  createdAt: savedProperties.createdAt,
} satisfies { [K in keyof ListedProperty]: (typeof savedProperties)[K] };

/**
 * One row of listedColumns' values, decoded by each column's own decoder as Drizzle's mapping
 * would (a null stays null), without its per-field lookups (db/prepared.ts). The keys come in the
 * columns' order, so the JSON is the same.
 */
export function listedPropertyOf(values: unknown[]): ListedProperty {
  return {
    id: values[0] as string,
    address: values[1] as string,
    marketValue: savedProperties.marketValue.mapFromDriverValue(values[2]) as number,
    repairCosts: savedProperties.repairCosts.mapFromDriverValue(values[3]) as ListedProperty['repairCosts'],
    totalRepairCost: savedProperties.totalRepairCost.mapFromDriverValue(values[4]) as number,
    cashOfferLow: savedProperties.cashOfferLow.mapFromDriverValue(values[5]) as number,
    cashOfferHigh: savedProperties.cashOfferHigh.mapFromDriverValue(values[6]) as number,
    formula: decodedOrNull(savedProperties.formula, values[7]) as ListedProperty['formula'],
    repairEstimate: decodedOrNull(savedProperties.repairEstimate, values[8]) as ListedProperty['repairEstimate'],
    arvComps: decodedOrNull(savedProperties.arvComps, values[9]) as ListedProperty['arvComps'],
    contactName: values[10] as string,
    contactEmail: values[11] as string,
    contactPhone: values[12] as string,
    createdAt: savedProperties.createdAt.mapFromDriverValue(values[13]) as Date,
  };
}

/** The list's order, which saved_properties_workspace_created_idx holds as it is (saved-list-index.test.ts). */
export const newestFirst = [desc(savedProperties.createdAt), desc(savedProperties.id)] as const;

/** The first page's query, as Drizzle builds it (saved-list-rows.test.ts compares Drizzle's mapping of it). */
export const firstPageQuery = (db: Database | Transaction) =>
  db
    .select(listedColumns)
    .from(savedProperties)
    .where(inWorkspace(savedProperties, sql.placeholder('workspaceId')))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'));

// Keyset pagination: the rows after the cursor's (created_at, id), read off the same index at any depth.
const pageAfterQuery = (db: Database | Transaction) =>
  db
    .select(listedColumns)
    .from(savedProperties)
    .where(
      and(
        inWorkspace(savedProperties, sql.placeholder('workspaceId')),
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
    .limit(sql.placeholder('limit'));

// Rows made by listedPropertyOf: Drizzle's mapping of 100 rows was most of a page's cost (decision 024).
const firstPage = preparedRowsPerDatabase('saved_list_first_page', firstPageQuery, listedPropertyOf);
const pageAfter = preparedRowsPerDatabase('saved_list_page_after', pageAfterQuery, listedPropertyOf);

/** The workspace's saved properties, newest first (spec §7), a page at a time. */
export async function listSavedProperties(
  db: Database,
  workspaceId: string,
  query: z.infer<typeof SavedListQuerySchema>,
) {
  const after = query.cursor === undefined ? null : cursors.read(query.cursor);
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
    nextCursor:
      rows.length > query.limit && last
        ? cursors.write({ createdAt: last.createdAt.toISOString(), id: last.id })
        : null,
  };
}
