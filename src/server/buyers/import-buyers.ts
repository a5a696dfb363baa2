import { and, desc, notInArray, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { bulkImportMessages } from '#domain/bulk-import/bulk-import-messages.ts';
import { MAX_IMPORT_COLUMN_MAPPINGS, mappingForHeaders } from '#domain/bulk-import/import-column-mappings.ts';
import {
  buyerImportMessages,
  readBuyerList,
  type BuyerColumnMapping,
  type BuyerListField,
  type BuyerListNeedsMapping,
  type BuyerListRefusal,
} from '#domain/buyers/read-buyer-list.ts';
import { normaliseHeader } from '#domain/csv/recognise-headers.ts';
import type { Database, Transaction } from '../db/database';
import { buyerColumnMappings, buyers } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { unpackedBuyer } from './buyer-row';

/** Buyers one insert statement carries (15 values each, well under PostgreSQL's 65,535 parameters). */
const BATCH = 500;

export interface BuyerImportResult {
  outcome: 'ok';
  /** New buyers. */
  added: number;
  /** Buyers of the workspace the list named again (by e-mail): their details updated. */
  updated: number;
  /** Rows merged into an earlier row of the list (same e-mail). */
  mergedRows: number;
  refused: BuyerListRefusal[];
}

// A cell left empty keeps what the buyer had; a filled one replaces it. An import never clears an opt-out.
const keepWhenEmpty = (column: string, empty: string) =>
  sql.raw(`case when excluded.${column} = ${empty} then buyers.${column} else excluded.${column} end`);
const keepWhenNull = (column: string) => sql.raw(`coalesce(excluded.${column}, buyers.${column})`);

/** The buyers lists' columns the workspace mapped, most recently mapped first. */
function rememberedColumns(db: Database, workspaceId: string) {
  return db
    .select({ column: buyerColumnMappings.column, field: buyerColumnMappings.field })
    .from(buyerColumnMappings)
    .where(inWorkspace(buyerColumnMappings, workspaceId))
    .orderBy(desc(buyerColumnMappings.updatedAt), buyerColumnMappings.column);
}

/**
 * Remembers the columns of this file the member mapped (each header, normalised, → its field,
 * replacing what that header held), keeping the workspace's MAX_IMPORT_COLUMN_MAPPINGS most recent,
 * as the owner lists' are (import-mappings/).
 */
async function rememberColumns(
  tx: Transaction,
  workspaceId: string,
  headers: readonly string[],
  mapping: BuyerColumnMapping,
) {
  const inFile = new Set(headers.map(normaliseHeader));
  const byColumn = new Map<string, BuyerListField>();
  for (const [field, header] of Object.entries(mapping) as [BuyerListField, string][]) {
    const column = normaliseHeader(header);
    if (column !== '' && inFile.has(column)) byColumn.set(column, field);
  }
  if (byColumn.size === 0) return;
  const now = new Date();
  await tx
    .insert(buyerColumnMappings)
    .values([...byColumn].map(([column, field]) => ({ workspaceId, column, field, updatedAt: now })))
    .onConflictDoUpdate({
      target: [buyerColumnMappings.workspaceId, buyerColumnMappings.column],
      set: { field: sql`excluded.field`, updatedAt: now },
    });
  const kept = tx
    .select({ id: buyerColumnMappings.id })
    .from(buyerColumnMappings)
    .where(inWorkspace(buyerColumnMappings, workspaceId))
    .orderBy(desc(buyerColumnMappings.updatedAt), buyerColumnMappings.column)
    .limit(MAX_IMPORT_COLUMN_MAPPINGS);
  await tx
    .delete(buyerColumnMappings)
    .where(and(inWorkspace(buyerColumnMappings, workspaceId), notInArray(buyerColumnMappings.id, kept)));
}

/**
 * Imports a buyers list (CSV text) into the workspace: read by readBuyerList (a reason for each
 * refused row; rows of one e-mail merged), then upserted BATCH at a time, one statement a batch,
 * on the workspace's one-buyer-per-e-mail index, all in one transaction. The columns the workspace
 * mapped in earlier lists are read the same way again (`mapping`, the columns picked now, comes
 * first), and those picked now are remembered with the import. Answers the mapping step's request
 * when the name or e-mail column is not recognised; 400 for a file without data or with a quote
 * never closed.
 */
export async function importBuyers(
  db: Database,
  workspaceId: string,
  csv: string,
  mapping: BuyerColumnMapping,
): Promise<BuyerImportResult | BuyerListNeedsMapping> {
  const parsed = Papa.parse<string[]>(csv, { header: false, delimiter: ',' });
  const unclosed = parsed.errors.find((error) => error.type === 'Quotes');
  if (unclosed) throw new Refusal(400, buyerImportMessages.unreadable((unclosed.row ?? 0) + 1));
  const headers = parsed.data.find((cells) => cells.some((cell) => cell.trim() !== '')) ?? [];
  // A column picked now for another field is that field's only.
  const picked = new Set(Object.values(mapping).map((header) => normaliseHeader(header ?? '')));
  const remembered = Object.entries(mappingForHeaders(await rememberedColumns(db, workspaceId), headers)).filter(
    ([, header]) => !picked.has(normaliseHeader(header)),
  );
  const read = readBuyerList(parsed.data, { ...(Object.fromEntries(remembered) as BuyerColumnMapping), ...mapping });
  if (read.outcome === 'noData') throw new Refusal(400, bulkImportMessages.noData);
  if (read.outcome === 'needsMapping') return read;

  let added = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    await rememberColumns(tx, workspaceId, headers, mapping);
    for (let start = 0; start < read.buyers.length; start += BATCH) {
      const rows = await tx
        .insert(buyers)
        .values(read.buyers.slice(start, start + BATCH).map((buyer) => ({ workspaceId, ...unpackedBuyer(buyer) })))
        .onConflictDoUpdate({
          target: [buyers.workspaceId, buyers.emailKey],
          set: {
            name: sql`excluded.name`,
            email: sql`excluded.email`,
            company: keepWhenEmpty('company', "''"),
            phone: keepWhenNull('phone'),
            areas: keepWhenEmpty('areas', "'[]'::jsonb"),
            propertyTypes: keepWhenEmpty('property_types', "'[]'::jsonb"),
            strategies: keepWhenEmpty('strategies', "'[]'::jsonb"),
            priceMin: keepWhenNull('price_min'),
            priceMax: keepWhenNull('price_max'),
            maxRepairs: keepWhenNull('max_repairs'),
            proofOfFundsAmount: keepWhenNull('proof_of_funds_amount'),
            proofOfFundsExpiresOn: keepWhenNull('proof_of_funds_expires_on'),
            notes: keepWhenEmpty('notes', "''"),
            updatedAt: sql`now()`,
          },
        })
        // xmax is 0 on a row this statement inserted, and set on one it updated.
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const row of rows) {
        if (row.inserted) added++;
        else updated++;
      }
    }
  });
  return { outcome: 'ok', added, updated, mergedRows: read.mergedRows, refused: read.refused };
}
