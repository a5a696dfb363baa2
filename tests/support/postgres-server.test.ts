import { existsSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, startPostgresServer } from './postgres-server';

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('startPostgresServer', () => {
  it('starts PostgreSQL 15, creates and drops databases, delivers NOTIFY, and cleans up', async () => {
    let started = performance.now();
    const server = await startPostgresServer();
    expect(existsSync(server.dir)).toBe(true);
    const startMs = performance.now() - started;
    try {
      const a = await createDatabase(server.url);
      const b = await createDatabase(server.url, 'second db', { template: 'template0' });
      expect(a).not.toEqual(b);
      expect(new URL(b).pathname).toBe('/second%20db');

      expect(await query(a, 'select 1 as one')).toEqual([{ one: 1 }]);
      const [row] = await query<{ version: string }>(b, 'select version()');
      expect(row?.version).toContain('PostgreSQL 15');

      const listener = new pg.Client({ connectionString: a });
      const notifier = new pg.Client({ connectionString: a });
      await Promise.all([listener.connect(), notifier.connect()]);
      try {
        const received = new Promise<pg.Notification>((resolve) => listener.once('notification', resolve));
        await listener.query('LISTEN jobs');
        await notifier.query(`NOTIFY jobs, 'hello'`);
        expect(await received).toMatchObject({ channel: 'jobs', payload: 'hello' });
      } finally {
        await Promise.all([listener.end(), notifier.end()]);
      }

      await dropDatabase(a);
      await dropDatabase(b);
      const names = await query<{ datname: string }>(server.url, 'select datname from pg_database');
      expect(names.map((row) => row.datname)).not.toContain('second db');
    } finally {
      started = performance.now();
      await server.stop();
      console.log(`postgres start ${startMs.toFixed(0)} ms, stop ${(performance.now() - started).toFixed(0)} ms`);
    }
    expect(existsSync(server.dir)).toBe(false);
  });
});
