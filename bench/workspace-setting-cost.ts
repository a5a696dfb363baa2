// What row-level security's per-transaction setting would cost a request (decision 030): a policy
// per workspace-owned table reads `current_setting('app.workspace')`, so every transaction that
// touches those tables would first run `select set_config('app.workspace', $1, true)`. This times
// TRANSACTIONS short transactions of one statement with and without that extra statement, in
// alternating rounds, on PGlite (in memory) and on a throwaway PostgreSQL 15, and prints the added
// cost per transaction.
// Run: npx tsx bench/workspace-setting-cost.ts
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openPgliteDatabase, openPostgresDatabase, type DatabaseConnection } from '#server/db/database.ts';
import { createDatabase, startPostgresServer } from '#tests/support/postgres-server.ts';

const TRANSACTIONS = 10_000;
const ROUNDS = 5;

async function timeTransactions(connection: DatabaseConnection, withSetting: boolean, count: number) {
  const workspaceId = randomUUID();
  const started = performance.now();
  for (let index = 0; index < count; index++) {
    await connection.db.transaction(async (tx) => {
      if (withSetting) await tx.execute(sql`select set_config('app.workspace', ${workspaceId}, true)`);
      await tx.execute(sql`select 1`);
    });
  }
  return performance.now() - started;
}

async function measure(connection: DatabaseConnection) {
  await timeTransactions(connection, true, 500); // warm-up
  await timeTransactions(connection, false, 500);
  const totals = { without: 0, with: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    totals.without += await timeTransactions(connection, false, TRANSACTIONS / ROUNDS);
    totals.with += await timeTransactions(connection, true, TRANSACTIONS / ROUNDS);
  }
  const perTransaction = (ms: number) => (ms / TRANSACTIONS) * 1000;
  const without = perTransaction(totals.without);
  const withSetting = perTransaction(totals.with);
  console.log(
    `${connection.kind.padEnd(8)} ${TRANSACTIONS} transactions: without the setting ${without.toFixed(1)} µs each, ` +
      `with it ${withSetting.toFixed(1)} µs; the setting adds ${(withSetting - without).toFixed(1)} µs ` +
      `(${((withSetting / without - 1) * 100).toFixed(0)} %)`,
  );
}

const pglite = await openPgliteDatabase();
await measure(pglite);
await pglite.close();

const server = await startPostgresServer();
try {
  const postgres = await openPostgresDatabase(await createDatabase(server.url));
  await measure(postgres);
  await postgres.close();
} finally {
  await server.stop();
}
