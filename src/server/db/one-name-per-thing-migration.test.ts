// Issue 38: migration 0025 names the homeowner's price desired_price on leads (was counter_amount)
// and in their history (was amount), and the live change feed's channel workspace_changes (was
// user_changes), and keys leads' homeowners as homeownerEmailKey does. Leads stored before it keep
// their prices; the triggers announce on the new channel only.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { homeownerEmailKey } from '#domain/email/homeowner-email-key.ts';
import { describeMigration } from '#tests/support/migration-database.ts';

const MIGRATION = '0025_one-name-per-thing';
const ann = 'Ann5uSr2Af9Kc1Bd7Ge3Hj6Lp0Qx4Zv8';

describeMigration(MIGRATION, ({ before, through, db }) => {
  beforeAll(async () => {
    await db.migrate(before);
    // Her sign-up makes her own workspace (with her id) and her membership of it.
    await db.execute(sql`insert into "user" (id, name, email) values (${ann}, 'Ann Lee', 'ann@example.com')`);
    // [address, response_kind, counter_amount]: a counter, an accept after a counter, no price.
    for (const [address, responseKind, price] of [
      ['1 Oak St', 'countered', 150000],
      ['2 Elm St', 'accepted', 130000.5],
      ['3 Ash St', 'new-offer-requested', null],
    ] as const) {
      const { rows } = await db.execute<{ id: string }>(sql`
          insert into leads (address, workspace_id, source, response_kind, counter_amount, market_value)
          values (${address}, ${ann}, 'shared-link', ${responseKind}, ${price}, 200000) returning id`);
      await db.execute(sql`
          insert into lead_events (lead_id, kind, response_kind, amount)
          values (${rows[0]!.id}, 'response', ${responseKind}, ${price})`);
    }
    // The operator's calculator leads, keyed before as lower-cased e-mails.
    for (const [address, contactKey] of [
      ['4 Gmail St', 'a.n.n+offers@googlemail.com'],
      ['5 Tag St', 'bo+house@example.com'],
      ['6 Plain St', 'cy@example.com'],
      // Two spellings of one mailbox, one already keyed: the other keeps its own (two leads, as before).
      ['7 Twin St', 'di.x@gmail.com'],
      ['8 Twin St', 'dix@gmail.com'],
    ] as const) {
      await db.execute(sql`
          insert into leads (address, source, response_kind, contact_key)
          values (${address}, 'public-calculator', 'accepted', ${contactKey})`);
    }
    await db.migrate(through);
  });

  it("keeps every lead's price and every answer's in its history, under desired_price", async () => {
    const { rows: leads } = await db.execute<{ address: string; desired_price: string | null }>(
      sql`select address, desired_price from leads where address < '4' order by address`,
    );
    const { rows: events } = await db.execute<{ address: string; desired_price: string | null }>(
      sql`select l.address, e.desired_price from lead_events e join leads l on l.id = e.lead_id order by l.address`,
    );
    const expected = [
      ['1 Oak St', 150000],
      ['2 Elm St', 130000.5],
      ['3 Ash St', null],
    ];
    const asNumbers = (rows: { address: string; desired_price: string | null }[]) =>
      rows.map((row) => [row.address, row.desired_price === null ? null : Number(row.desired_price)]);
    expect(asNumbers(leads)).toEqual(expected);
    expect(asNumbers(events)).toEqual(expected);
    const { rows: columns } = await db.execute<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns
          where table_name in ('leads', 'lead_events') and column_name in ('counter_amount', 'amount', 'desired_price')
          order by table_name`,
    );
    expect(columns).toEqual([
      { table_name: 'lead_events', column_name: 'desired_price' },
      { table_name: 'leads', column_name: 'desired_price' },
    ]);
  });

  it("keys the homeowner of every lead stored before as homeownerEmailKey does, unless it is another lead's", async () => {
    const { rows } = await db.execute<{ address: string; contact_key: string | null }>(
      sql`select address, contact_key from leads where address > '4' order by address`,
    );
    expect(rows.map((row) => [row.address, row.contact_key])).toEqual([
      ['4 Gmail St', 'ann@gmail.com'],
      ['5 Tag St', 'bo@example.com'],
      ['6 Plain St', 'cy@example.com'],
      ['7 Twin St', 'di.x@gmail.com'],
      ['8 Twin St', 'dix@gmail.com'],
    ]);
    for (const [address, key] of rows.map((row) => [row.address, row.contact_key] as const)) {
      if (address !== '7 Twin St') expect(key).toBe(homeownerEmailKey(key!));
    }
  });

  it("announces a workspace's changes and a membership's on 'workspace_changes', nothing on 'user_changes'", async () => {
    const announced: string[] = [];
    const onOldChannel: string[] = [];
    const unlisten = await db.listen('workspace_changes', announced);
    const unlistenOld = await db.listen('user_changes', onOldChannel);
    try {
      await db.execute(sql`update leads set status = 'contacted' where address = '1 Oak St'`);
      await db.execute(sql`update member set sees_all_leads = true where user_id = ${ann}`);
      const expected = [
        { workspaceId: ann, table: 'leads' },
        { userId: ann, table: 'member' },
      ];
      await expect
        .poll(() => announced.map((payload) => JSON.parse(payload) as unknown), { timeout: 5000 })
        .toEqual(expected);
      expect(onOldChannel).toEqual([]);
    } finally {
      await unlisten();
      await unlistenOld();
    }
  });
});
