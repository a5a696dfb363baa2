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
