import type { Database } from './database';

/**
 * A query prepared once per database handle, on first use: its SQL is built once, and PostgreSQL
 * parses a named statement once per connection. For the queries every request runs.
 */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const prepared = new WeakMap<Database, T>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}
