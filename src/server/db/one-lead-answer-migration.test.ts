// Issue 30: migration 0017 folds leads.kind into response_kind and desired_price into counter_amount.
// Leads stored before it, by the calculator (kind and desired_price only) and by offer links (both
// pairs, counter_amount the newer), must say the same after it.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeMigration } from '#tests/support/migration-database.ts';

const MIGRATION = '0017_one-lead-answer-column';

describeMigration(MIGRATION, ({ before, through, db }) => {
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

    await db.migrate(through);

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
