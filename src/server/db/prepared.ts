import type { Query } from 'drizzle-orm';
import type { Database, Transaction } from './database';

/**
 * A query prepared once per database handle, on first use: its SQL is built once, and PostgreSQL
 * parses a named statement once per connection. For the queries every request runs: on the
 * database's handle, or in a transaction on a connection's handle (connection-transaction.ts).
 * On db.transaction's handle it works too, prepared again in each transaction.
 */
export function preparedPerDatabase<T>(prepare: (db: Database | Transaction) => T): (db: Database | Transaction) => T {
  const prepared = new WeakMap<Database | Transaction, T>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}

/**
 * A query prepared as preparedPerDatabase prepares one, whose rows are made by `rowOf` from the
 * driver's array of column values, in the query's column order, instead of by Drizzle's mapping.
 * For reads of many rows on a hot path: Drizzle's mapping looks up every field's kind and decoder
 * on every row, which for a page of 100 saved properties cost more than the rest of the request's
 * JavaScript (decision 024). The values come as Drizzle's driver session gives them on both
 * databases: timestamps and numerics as PostgreSQL's text, JSON parsed. A test beside each caller
 * holds `rowOf` to Drizzle's own answer for the same query.
 */
export function preparedRowsPerDatabase<Row>(
  name: string,
  query: (db: Database | Transaction) => { toSQL(): Query },
  rowOf: (values: unknown[]) => Row,
): (db: Database | Transaction) => { execute(placeholders: Record<string, unknown>): Promise<Row[]> } {
  const rowsOf = (rows: unknown[][]) => rows.map(rowOf);
  return preparedPerDatabase((db) =>
    db._.session.prepareQuery<{ execute: Row[]; all: unknown; values: unknown }>(
      query(db).toSQL(),
      undefined,
      name,
      true,
      rowsOf,
    ),
  );
}

/** A nullable column's value as Drizzle's mapping decodes it: null stays null, anything else goes through the column's decoder. */
export function decodedOrNull(column: { mapFromDriverValue(value: unknown): unknown }, value: unknown): unknown {
  return value === null ? null : column.mapFromDriverValue(value);
}
