// Databases for migration tests: a copy of the migrations that stops before one of them, and an
// empty database of either kind (PGlite, or PostgreSQL 15 from the test setup) to run them on.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { createDatabase, dropDatabase } from './postgres-server';

/** The app's migrations, all of them. */
export const migrationsFolder = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));

/** A copy of the migrations that ends just before `tag`. */
export function migrationsBefore(tag: string): string {
  return migrationsUpTo(tag, 0);
}

/** A copy of the migrations that ends with `tag`: later migrations cannot change what a test of it sees. */
export function migrationsThrough(tag: string): string {
  return migrationsUpTo(tag, 1);
}

function migrationsUpTo(tag: string, including: 0 | 1): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index + including) }));
  return folder;
}

/** An empty database of either kind, migrated on request: the embedded one and PostgreSQL 15. */
export interface EmptyDatabase {
  migrate(folder: string): Promise<void>;
  execute<Row>(query: SQL): Promise<{ rows: Row[] }>;
  /** LISTENs on `channel` (on its own connection for PostgreSQL); payloads are pushed to the array. */
  listen(channel: string, payloads: string[]): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export async function openEmptyDatabase(kind: 'pglite' | 'postgres'): Promise<EmptyDatabase> {
  if (kind === 'pglite') {
    const client = new PGlite();
    const db = drizzlePglite({ client });
    return {
      migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
      execute: async <Row>(query: SQL) => (await db.execute(query)) as unknown as { rows: Row[] },
      listen: async (channel, payloads) => client.listen(channel, (payload) => payloads.push(payload)),
      close: () => client.close(),
    };
  }
  const url = await createDatabase(inject('postgresUrl'));
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  // An idle connection ended by the server (the database dropped at close, the server stopped at
  // the run's end) is not a test's failure; without a listener it would be an uncaught exception.
  pool.on('error', () => {});
  const db = drizzlePostgres(pool);
  // Listeners a test has not stopped yet: ended before the database is dropped, which would
  // otherwise terminate their connections and throw in no test at all.
  const listeners = new Set<pg.Client>();
  return {
    migrate: (migrationsFolder) => migratePostgres(db, { migrationsFolder }),
    execute: async <Row>(query: SQL) => (await db.execute(query)) as unknown as { rows: Row[] },
    listen: async (channel, payloads) => {
      const listener = new pg.Client({ connectionString: url });
      listener.on('error', () => {});
      await listener.connect();
      listener.on('notification', (message) => {
        if (message.channel === channel) payloads.push(message.payload ?? '');
      });
      await listener.query(`LISTEN ${channel}`);
      listeners.add(listener);
      return async () => {
        if (listeners.delete(listener)) await listener.end();
      };
    },
    close: async () => {
      await Promise.all([...listeners].map((listener) => listener.end()));
      listeners.clear();
      await pool.end();
      await dropDatabase(url);
    },
  };
}

/** What describeMigration gives a migration's tests. */
export interface MigrationUnderTest {
  /** The migrations that end just before the one tested (migrationsBefore), and with it (migrationsThrough). */
  before: string;
  through: string;
  /** The empty database, open from before the tests' own hooks until after their last test; nothing migrated yet. */
  db: Omit<EmptyDatabase, 'close'>;
}

/**
 * Describes the tests of migration `tag` once on each kind of database (PostgreSQL only when the
 * test setup started one): each run gets its copies of the migrations and an empty database, and
 * both are removed after it.
 */
export function describeMigration(tag: string, tests: (migration: MigrationUnderTest) => void): void {
  for (const kind of ['pglite', 'postgres'] as const)
    describe.skipIf(kind === 'postgres' && inject('postgresUrl') === '')(`migration ${tag} [${kind}]`, () => {
      const before = migrationsBefore(tag);
      const through = migrationsThrough(tag);
      let opened: EmptyDatabase | undefined;
      const open = () => {
        if (!opened) throw new Error('the migration test database is opened in beforeAll');
        return opened;
      };
      beforeAll(async () => {
        opened = await openEmptyDatabase(kind);
      });
      afterAll(async () => {
        await opened?.close();
        rmSync(before, { recursive: true, force: true });
        rmSync(through, { recursive: true, force: true });
      });
      tests({
        before,
        through,
        db: {
          migrate: (folder) => open().migrate(folder),
          execute: <Row>(query: SQL) => open().execute<Row>(query),
          listen: (channel, payloads) => open().listen(channel, payloads),
        },
      });
    });
}
