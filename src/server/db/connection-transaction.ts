import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from './database';
import * as schema from './schema';

/**
 * Runs `work` in one transaction, committed when it resolves and rolled back when it throws.
 * `tx` is a Drizzle handle of the transaction's own connection: a query prepared on it with
 * preparedPerDatabase (prepared.ts) is built once per connection, and PostgreSQL parses its named
 * statement once per connection, where a query on db.transaction's handle is built again in every
 * transaction. For the transactions every request of a kind runs (a save).
 * `tx` is not a Drizzle Transaction: it has no rollback() and no nested transactions.
 */
export type ConnectionTransaction = <T>(work: (tx: Database) => Promise<T>) => Promise<T>;

/** On PostgreSQL: begin and commit on a pooled connection, with a handle made once per connection. */
export function poolConnectionTransaction(pool: pg.Pool): ConnectionTransaction {
  // The pool hands out the same client object for as long as its connection lives.
  const handles = new WeakMap<pg.PoolClient, Database>();
  return async (work) => {
    const client = await pool.connect();
    let handle = handles.get(client);
    if (!handle) {
      handle = drizzlePostgres({ client, schema });
      handles.set(client, handle);
    }
    let broken: Error | undefined;
    try {
      await client.query('begin');
      const result = await work(handle);
      await client.query('commit');
      return result;
    } catch (error) {
      // A connection that cannot even roll back is not given back to the pool.
      await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

/**
 * On the embedded database, Drizzle's own transaction: it has one connection, which a transaction
 * holds for itself, so its statements are built in every transaction.
 */
export function singleConnectionTransaction(db: Database): ConnectionTransaction {
  return (work) => db.transaction((tx) => work(tx));
}
