import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, dropDatabase } from '#tests/support/postgres-server.ts';
import { openPostgresDatabase, type DatabaseConnection } from './database';

describe.skipIf(inject('postgresUrl') === '')('openPostgresDatabase', () => {
  const urls: string[] = [];
  afterAll(() => Promise.all(urls.map((url) => dropDatabase(url))));

  it('migrates an empty database once when several processes start on it at the same moment', async () => {
    const url = await createDatabase(inject('postgresUrl'));
    urls.push(url);
    const opened: DatabaseConnection[] = await Promise.all(Array.from({ length: 4 }, () => openPostgresDatabase(url)));
    await Promise.all(opened.map((database) => database.close()));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ applied: number; distinct: number }>(
        'SELECT count(*)::int AS applied, count(DISTINCT hash)::int AS distinct FROM drizzle.__drizzle_migrations',
      );
      expect(rows[0]!.applied).toBeGreaterThan(0);
      expect(rows[0]!.applied).toBe(rows[0]!.distinct);
    } finally {
      await client.end();
    }
  });
});
