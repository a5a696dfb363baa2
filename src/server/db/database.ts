import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { logger } from '../observability/logger';
import { watchDatabasePool } from '../observability/metrics';
import {
  poolConnectionTransaction,
  singleConnectionTransaction,
  type ConnectionTransaction,
} from './connection-transaction';
import { lockDataDir, pgliteDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle a `db.transaction` callback receives. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Unlisten = () => Promise<void>;

/** One open database: the Drizzle handle, plus LISTEN for the live change feed. */
export interface DatabaseConnection {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** A transaction whose statements may be prepared once per connection (connection-transaction.ts). */
  transaction: ConnectionTransaction;
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  close(): Promise<void>;
}

export interface PgliteConnection extends DatabaseConnection {
  kind: 'pglite';
  /** A tarball of the data dir, for tests that start many databases from one migrated copy. */
  dumpDataDir(): Promise<Blob>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens the embedded database (persisted in `dataDir`, or in memory when undefined) and migrates it. */
export async function openPgliteDatabase(
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<PgliteConnection> {
  let dataDir: string | undefined;
  let unlock = async () => {};
  if (options.dataDir) {
    dataDir = pgliteDataDir(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
    unlock = await lockDataDir(options.dataDir);
  }
  const client = new PGlite({ dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => {});
    await unlock();
    throw error;
  }
  return {
    kind: 'pglite',
    db,
    transaction: singleConnectionTransaction(db),
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => client.close().finally(unlock),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/** Opens a PostgreSQL server by URL and migrates it. */
export async function openPostgresDatabase(url: string): Promise<DatabaseConnection> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle connection that the server drops (a restart, a failover) must not crash the
  // process: the pool replaces it on the next query.
  pool.on('error', (error) => logger.warn(`database: idle connection lost (${error.message})`));
  const db = drizzlePostgres({ client: pool, schema });
  await migrateOnce(pool);
  const unwatchPool = watchDatabasePool(pool);
  const listeners = new Set<() => Promise<void>>();
  return {
    kind: 'postgres',
    db,
    transaction: poolConnectionTransaction(pool),
    async listen(channel, onPayload) {
      const stop = await listenWithReconnect(url, channel, onPayload);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      unwatchPool();
      await pool.end();
    },
  };
}

/** Any fixed number shared by every process of this app: the key of the migration lock. */
const MIGRATION_LOCK_KEY = 4_207_311;

/**
 * Several processes starting at once on one database (a deployment's rollout) migrate it once:
 * each waits for a session-level advisory lock, and the later ones find nothing left to apply.
 */
async function migrateOnce(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * LISTEN on a connection of its own (a pooled one would lose it on release), reconnecting
 * with backoff when the connection drops, so the change feed survives a database restart.
 */
async function listenWithReconnect(url: string, channel: string, onPayload: (payload: string) => void) {
  let stopped = false;
  let client: pg.Client | undefined;
  let retryDelayMs = 200;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', (error) => {
      logger.warn(`change feed: connection lost (${error.message}); reconnecting`);
      void next.end().catch(() => {});
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    retryDelayMs = 200;
  }

  function scheduleReconnect() {
    if (stopped) return;
    client = undefined;
    setTimeout(() => {
      if (stopped) return;
      connect().catch(() => {
        retryDelayMs = Math.min(retryDelayMs * 2, 30_000);
        scheduleReconnect();
      });
    }, retryDelayMs).unref();
  }

  await connect();
  return async () => {
    stopped = true;
    await client?.end();
  };
}
