// Issue 30: migration 0017 folds leads.kind into response_kind and desired_price into counter_amount.
// Leads stored before it, by the calculator (kind and desired_price only) and by offer links (both
// pairs, counter_amount the newer), must say the same after it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, dropDatabase } from '../../../tests/support/postgres-server';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION = '0017_one-lead-answer-column';

/** A copy of the migrations that ends just before `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return folder;
}

/** An empty database of either kind, migrated on request: the embedded one and PostgreSQL 15. */
interface EmptyDatabase {
  migrate(folder: string): Promise<void>;
  execute<Row>(query: SQL): Promise<{ rows: Row[] }>;
  close(): Promise<void>;
}

async function openEmptyDatabase(kind: 'pglite' | 'postgres'): Promise<EmptyDatabase> {
  if (kind === 'pglite') {
    const client = new PGlite();
    const db = drizzlePglite({ client });
    return {
      migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
      execute: async <Row>(query: SQL) => (await db.execute(query)) as unknown as { rows: Row[] },
      close: () => client.close(),
    };
  }
  const url = await createDatabase(inject('postgresUrl'));
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = drizzlePostgres(pool);
  return {
    migrate: (migrationsFolder) => migratePostgres(db, { migrationsFolder }),
    execute: async <Row>(query: SQL) => (await db.execute(query)) as unknown as { rows: Row[] },
    close: async () => {
      await pool.end();
      await dropDatabase(url);
    },
  };
}

for (const kind of ['pglite', 'postgres'] as const)
  describe.skipIf(kind === 'postgres' && inject('postgresUrl') === '')(`migration ${MIGRATION} [${kind}]`, () => {
    const before = migrationsBefore(MIGRATION);
    let db: EmptyDatabase;
    beforeAll(async () => {
      db = await openEmptyDatabase(kind);
    });
    afterAll(async () => {
      await db?.close();
      rmSync(before, { recursive: true, force: true });
    });

    it("keeps every existing lead's answer and price, in one column each", async () => {
      await db.migrate(before);
      // Old-shaped rows: [address, kind, response_kind, desired_price, counter_amount].
      const old: [string, string, string | null, number | null, number | null][] = [
        ['1 calculator accept after a counter', 'accept', null, 150000, null],
        ['2 calculator accept', 'accept', null, null, null],
        ['3 calculator counter-offer', 'negotiate', null, 120000, null],
        ['4 calculator programme request', 'program', null, 180000, null],
        ['5 offer link counter', 'negotiate', 'countered', 150000, 150000],
        ['6 offer link accept after a counter', 'accept', 'accepted', 130000, 130000],
        ['7 revised offer countered again', 'negotiate', 'countered', 130000, 140000],
        ['8 new offer requested', 'new-offer', 'new-offer-requested', null, null],
      ];
      for (const [address, kind, responseKind, desiredPrice, counterAmount] of old) {
        await db.execute(sql`
        insert into leads (address, kind, response_kind, desired_price, counter_amount, market_value, details)
        values (${address}, ${kind}, ${responseKind}, ${desiredPrice}, ${counterAmount}, 200000,
                ${JSON.stringify({ note: address })}::jsonb)`);
      }

      await db.migrate(migrationsFolder);

      const { rows } = await db.execute<{
        address: string;
        response_kind: string;
        counter_amount: string | null;
        market_value: string;
        details: { note: string };
      }>(sql`select address, response_kind, counter_amount, market_value, details from leads order by address`);
      expect(
        rows.map((row) => [row.address, row.response_kind, row.counter_amount && Number(row.counter_amount)]),
      ).toEqual([
        ['1 calculator accept after a counter', 'accepted', 150000],
        ['2 calculator accept', 'accepted', null],
        ['3 calculator counter-offer', 'countered', 120000],
        ['4 calculator programme request', 'program-interest', 180000],
        ['5 offer link counter', 'countered', 150000],
        ['6 offer link accept after a counter', 'accepted', 130000],
        ['7 revised offer countered again', 'countered', 140000],
        ['8 new offer requested', 'new-offer-requested', null],
      ]);
      // Nothing else moved.
      expect(rows.every((row) => Number(row.market_value) === 200000 && row.details.note === row.address)).toBe(true);
      const { rows: columns } = await db.execute<{ column_name: string; is_nullable: string }>(
        sql`select column_name, is_nullable from information_schema.columns where table_name = 'leads'
          and column_name in ('kind', 'desired_price', 'response_kind', 'counter_amount') order by column_name`,
      );
      expect(columns).toEqual([
        { column_name: 'counter_amount', is_nullable: 'YES' },
        { column_name: 'response_kind', is_nullable: 'NO' },
      ]);
    });
  });
