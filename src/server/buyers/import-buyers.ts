import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { bulkImportMessages } from '#domain/bulk-import/bulk-import-messages.ts';
import {
  buyerImportMessages,
  readBuyerList,
  type BuyerColumnMapping,
  type BuyerListNeedsMapping,
  type BuyerListRefusal,
} from '#domain/buyers/read-buyer-list.ts';
import type { Database } from '../db/database';
import { buyers } from '../db/schema';
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

/**
 * Imports a buyers list (CSV text) into the workspace: read by readBuyerList (a reason for each
 * refused row; rows of one e-mail merged), then upserted BATCH at a time, one statement a batch,
 * on the workspace's one-buyer-per-e-mail index, all in one transaction. Answers the mapping step's
 * request when the name or e-mail column is not recognised; 400 for a file without data or with a
 * quote never closed.
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
  const read = readBuyerList(parsed.data, mapping);
  if (read.outcome === 'noData') throw new Refusal(400, bulkImportMessages.noData);
  if (read.outcome === 'needsMapping') return read;

  let added = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
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
