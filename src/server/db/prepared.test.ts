import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { preparedRowsPerDatabase } from './prepared';
import { rateLimits } from './schema';

const countQuery = preparedRowsPerDatabase(
  'prepared_rows_test',
  (db) =>
    db
      .select({ key: rateLimits.key, count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt })
      .from(rateLimits)
      .where(eq(rateLimits.key, sql.placeholder('key'))),
  (values) => ({ values }),
);

describeEachDatabase('preparedRowsPerDatabase', (database) => {
  it('hands each row to the mapper as the driver’s values in column order, timestamps as text', async () => {
    const key = `prepared-rows-${Math.random().toString(36).slice(2)}`;
    await database()
      .db.insert(rateLimits)
      .values({ key, count: 7, windowStartedAt: new Date('2026-11-26T11:35:55.123Z') });
    const [row, ...rest] = await countQuery(database().db).execute({ key });
    expect(rest).toEqual([]);
    const [readKey, count, startedAt] = row!.values;
    expect([readKey, count]).toEqual([key, 7]);
    expect(typeof startedAt).toBe('string');
    expect(new Date(startedAt as string).toISOString()).toBe('2026-11-26T11:35:55.123Z');
  });

  it('prepares the query once per database handle', () => {
    expect(countQuery(database().db)).toBe(countQuery(database().db));
  });
});
