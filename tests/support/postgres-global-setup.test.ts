import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { createDatabase, dropDatabase } from './postgres-server';

it.skipIf(!inject('postgresUrl'))('globalSetup provides a running server', async () => {
  const url = await createDatabase(inject('postgresUrl'));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    expect((await client.query('select current_database() as db')).rows[0]?.db).toBe(new URL(url).pathname.slice(1));
  } finally {
    await client.end();
    await dropDatabase(url);
  }
});
