import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Unlisten = () => Promise<void>;

/** One open database: the Drizzle handle, plus LISTEN for the live change feed. */
export interface DatabaseConnection {
  kind: 'pglite' | 'postgres';
  db: Database;
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
export async function openPgliteDatabase(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PgliteConnection> {
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = new PGlite({ dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    kind: 'pglite',
    db,
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/** Opens a PostgreSQL server by URL and migrates it. */
export async function openPostgresDatabase(url: string): Promise<DatabaseConnection> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  const db = drizzlePostgres({ client: pool, schema });
  await migratePostgres(db, { migrationsFolder });
  const listeners = new Set<pg.Client>();
  return {
    kind: 'postgres',
    db,
    async listen(channel, onPayload) {
      // LISTEN needs a session of its own: a pooled connection would lose it on release.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end();
      };
    },
    async close() {
      await Promise.all([...listeners].map((client) => client.end()));
      await pool.end();
    },
  };
}
