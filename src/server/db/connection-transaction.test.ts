import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import type { Database } from './database';
import { preparedPerDatabase } from './prepared';
import { rateLimits } from './schema';

// Rows of a table without foreign keys, under keys of this test's own.
const countOf = preparedPerDatabase((db) =>
  db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(eq(rateLimits.key, sql.placeholder('key')))
    .prepare('connection_transaction_test_count'),
);
const row = (key: string, count: number) => ({ key, count, windowStartedAt: new Date() });

describeEachDatabase('database.transaction', (database, kind) => {
  const newKey = () => `connection-transaction-${Math.random().toString(36).slice(2)}`;

  it('commits what its work wrote when the work resolves, and answers what the work answered', async () => {
    const key = newKey();
    const answer = await database().transaction(async (tx) => {
      await tx.insert(rateLimits).values(row(key, 2));
      return countOf(tx).execute({ key });
    });
    expect(answer).toEqual([{ count: 2 }]);
    expect(await countOf(database().db).execute({ key })).toEqual([{ count: 2 }]);
  });

  it('rolls back what its work wrote when the work throws, and throws that error', async () => {
    const key = newKey();
    const refusal = new Error('refused');
    await expect(
      database().transaction(async (tx) => {
        await tx.insert(rateLimits).values(row(key, 3));
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await countOf(database().db).execute({ key })).toEqual([]);
  });

  // The embedded database has one connection, which the transaction holds.
  it.skipIf(kind !== 'postgres')(
    'keeps its statements inside the transaction: another connection sees nothing before the commit',
    async () => {
      const key = newKey();
      let seenDuring: unknown[] = ['not read'];
      await database().transaction(async (tx) => {
        await tx.insert(rateLimits).values(row(key, 3));
        seenDuring = await countOf(database().db).execute({ key });
      });
      expect(seenDuring).toEqual([]);
      expect(await countOf(database().db).execute({ key })).toEqual([{ count: 3 }]);
    },
  );

  it("gives one connection's transactions one handle, so a query prepared on it is built once", async () => {
    const handles: Database[] = [];
    // One after the other: the pool hands out its idle connection again.
    for (let run = 0; run < 3; run++) await database().transaction(async (tx) => void handles.push(tx));
    if (kind === 'postgres') {
      expect(new Set(handles).size).toBe(1);
      expect(countOf(handles[0]!)).toBe(countOf(handles[2]!));
    } else {
      // Drizzle's own transaction on the embedded database: a handle of its own each time.
      expect(new Set(handles).size).toBe(3);
    }
  });

  it('gives the connection back to the pool after a rollback, ready for the next transaction', async () => {
    await expect(
      database().transaction(async (tx) => {
        await tx.execute(sql`select 1/0`);
      }),
    ).rejects.toThrow();
    const key = newKey();
    await database().transaction((tx) => tx.insert(rateLimits).values(row(key, 1)));
    expect(await countOf(database().db).execute({ key })).toEqual([{ count: 1 }]);
  });
});
