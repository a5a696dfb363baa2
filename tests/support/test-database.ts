import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openPgliteDatabase, openPostgresDatabase, type DatabaseConnection } from '#server/db/database.ts';
import { createDatabase, dropDatabase } from './postgres-server';

export type DatabaseKind = DatabaseConnection['kind'];

/** A test database; on PostgreSQL with its URL, for tests that open a second connection to it. */
export type TestDatabase = DatabaseConnection & { url?: string };

const postgresAvailable = () => inject('postgresUrl') !== '';

/** A fresh, migrated database of the given kind, owned by the caller (close it). */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dump = await readFile(inject('pgliteDumpPath'));
    return openPgliteDatabase({ loadDataDir: new Blob([dump]) });
  }
  const url = await createDatabase(inject('postgresUrl'), undefined, { template: inject('postgresTemplate') });
  const database = await openPostgresDatabase(url);
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await dropDatabase(url);
    },
  };
}

/**
 * Runs the same suite against the embedded database and against PostgreSQL, each with a
 * fresh database for the suite. `database()` returns the open connection inside tests.
 */
export function describeEachDatabase(name: string, suite: (database: () => TestDatabase, kind: DatabaseKind) => void) {
  for (const kind of ['pglite', 'postgres'] as const) {
    describe.skipIf(kind === 'postgres' && !postgresAvailable())(`${name} [${kind}]`, () => {
      let connection: TestDatabase | undefined;
      beforeAll(async () => {
        connection = await openTestDatabase(kind);
      });
      afterAll(async () => {
        await connection?.close();
      });
      suite(() => {
        if (!connection) throw new Error('the test database is not open yet');
        return connection;
      }, kind);
    });
  }
}
