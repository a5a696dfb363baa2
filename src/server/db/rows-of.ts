import type { SQL } from 'drizzle-orm';
import type { Database } from './database';

/** Rows of a raw query; PGlite and node-postgres both answer with `rows`. */
export async function rowsOf<Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
