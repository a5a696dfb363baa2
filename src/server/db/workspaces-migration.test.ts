// Issue 26: migration 0019 moves every row a business owns from its user to a workspace. Rows
// stored before it, as the app stored them (two wholesalers on Pro with everything they can own,
// and an operator's lead), must all be there after it with every value unchanged, in a workspace
// of their user's own whose id is the user's id; and the triggers it replaces must still give a
// new user their workspace and plan, take it away with the user, and announce changes to it.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  migrationsBefore,
  migrationsThrough,
  openEmptyDatabase,
  type EmptyDatabase,
} from '#tests/support/migration-database.ts';
import { createSettingsCipher } from '../integrations/settings-cipher';

const MIGRATION = '0019_workspaces';

const cipher = createSettingsCipher('a-server-secret-of-at-least-32-characters!');

interface Wholesaler {
  id: string;
  name: string;
  email: string;
  handle: string;
  apiKey: string;
}

// Better Auth's ids: 32 random characters.
const dana: Wholesaler = {
  id: 'Xk3fQ8mM3dX2pYzR7Lw0sVb9Ne4Tq1Ja',
  name: 'Dana Reyes',
  email: 'dana@reyes-homebuyers.example',
  handle: 'dana-reyes',
  apiKey: 'pit-2f9c1e7a-dana',
};
const marcus: Wholesaler = {
  id: 'Tq7hK2nP5cJ8wE1rY4uI6oA3Zs0Vb9Lm',
  name: 'Marcus Webb',
  email: 'marcus@webb-land.example',
  handle: 'webb-buys-houses',
  apiKey: 'pit-88aa03b1-marcus',
};
const OPERATOR_LEAD_ADDRESS = '77 Operator Way, Austin, TX 78701';

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * What a wholesaler on Pro had stored before workspaces, written with the columns as 0000–0018 left
 * them: their account and session, plan, saved properties, a template, sealed CRM settings, profile
 * and a released handle, a bulk send with its items, offer links (shared, bulk, revised) and leads
 * with a history of every kind.
 */
async function seedWholesaler(db: EmptyDatabase, who: Wholesaler, day: number) {
  const at = (hour: number, minute = 0) =>
    `2025-03-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:07.123+00`;
  // The sign-up trigger of 0004 gives the user a free subscription.
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, image, created_at, updated_at)
    values (${who.id}, ${who.name}, ${who.email}, true, null, ${at(8)}, ${at(8, 5)})`);
  await db.execute(sql`
    insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
    values (${`acc-${who.id}`}, ${who.id}, 'credential', ${who.id},
            ${`9f2c4e0b1a7d3e5f:${'ab12'.repeat(32)}`}, ${at(8)}, ${at(8)})`);
  await db.execute(sql`
    insert into session (id, expires_at, token, created_at, updated_at, ip_address, user_agent, user_id)
    values (${`ses-${who.id}`}, '2030-01-01 00:00:00+00', ${`tok-${who.id}`}, ${at(9)}, ${at(9)},
            '203.0.113.7', 'Mozilla/5.0 (Macintosh) Safari/605.1.15', ${who.id})`);
  await db.execute(sql`
    update subscriptions set plan = 'pro', stripe_customer_id = ${`cus_${who.id.slice(0, 14)}`},
      stripe_subscription_id = ${`sub_${who.id.slice(0, 14)}`}, current_period_end = '2025-04-30 00:00:00+00',
      provider_updated_at = ${at(9, 30)}, updated_at = ${at(9, 30)}
    where user_id = ${who.id}`);

  const formula = {
    name: 'Standard 70% rule',
    arvMultiplier: 0.7,
    repairMultiplier: 1,
    minProfit: 15000,
    maxProfit: 30000,
  };
  for (const [index, address] of [`12 Elm St, Austin, TX 78702`, `940 Oak Ridge Dr, Round Rock, TX 78664`].entries()) {
    await db.execute(sql`
      insert into saved_properties (user_id, address, market_value, repair_costs, total_repair_cost, cash_offer_low,
        cash_offer_high, contact_name, contact_email, contact_phone, created_at, formula, repair_estimate, arv_comps)
      values (${who.id}, ${address}, ${250000 + index * 1000}, ${json([{ name: 'Roof', cost: 12000 }])}, 12000,
        ${148000 + index}, ${163000 + index}, 'Pat Homeowner', 'pat@example.com', '512-555-0134', ${at(10, index)},
        ${json(formula)}, ${json({ items: [{ name: 'Roof', low: 10000, high: 14000 }] })},
        ${json({ subject: { address }, comps: [{ address: '14 Elm St', price: 251000 }], arv: 250000 })})`);
  }
  await db.execute(sql`
    insert into custom_formula_templates (user_id, name, description, formula, created_at, updated_at)
    values (${who.id}, 'Tight margin', 'For hot zip codes', ${json({ ...formula, minProfit: 10000 })}, ${at(10, 30)}, ${at(10, 31)})`);
  for (const [name, value] of [
    ['ghl_api_key', who.apiKey],
    ['ghl_location_id', `loc-${who.handle}`],
  ]) {
    await db.execute(sql`
      insert into wholesaler_settings (user_id, setting_name, setting_value, updated_at)
      values (${who.id}, ${name}, ${cipher.seal(value!, `${who.id}:${name}`)}, ${at(11)})`);
  }
  await db.execute(sql`
    insert into wholesaler_settings (user_id, setting_name, setting_value, updated_at)
    values (${who.id}, 'ghl_opportunity_stage', ${JSON.stringify({ locationId: `loc-${who.handle}`, pipelineId: 'p1', stageId: 's2' })}, ${at(11)})`);
  await db.execute(sql`
    insert into wholesaler_profiles (user_id, handle, display_name, company, phone, reply_to_email,
      postal_address, notify_on_leads, updated_at, reply_to_verified_email)
    values (${who.id}, ${who.handle}, ${who.name}, ${`${who.name.split(' ')[1]} Homebuyers LLC`}, '512-555-0199',
      ${`offers@${who.email.split('@')[1]}`}, '100 Congress Ave, Austin, TX 78701', false, ${at(11, 10)},
      ${`offers@${who.email.split('@')[1]}`})`);
  await db.execute(sql`
    insert into released_handles (handle, user_id, released_at) values (${`${who.handle}-old`}, ${who.id}, ${at(11, 5)})`);

  const job = randomUUID();
  const items = [randomUUID(), randomUUID()];
  await db.execute(sql`
    insert into bulk_send_jobs (id, user_id, status, total, created_at, finished_at, last_queued_at)
    values (${job}, ${who.id}, 'running', 2, ${at(12)}, null, ${at(12, 1)})`);
  await db.execute(sql`
    insert into bulk_send_items (id, job_id, position, email, property, status, error, processed_at) values
      (${items[0]!}, ${job}, 0, 'ann@example.com', ${json({ address: '5 Pine Ln, Austin, TX', marketValue: 210000 })}, 'sent', null, ${at(12, 2)}),
      (${items[1]!}, ${job}, 1, 'bo@example.com', ${json({ address: '6 Pine Ln, Austin, TX', marketValue: 220000 })}, 'pending', null, null)`);

  const sharedLink = randomUUID();
  const bulkLink = randomUUID();
  const revisedLink = randomUUID();
  const link = (id: string, source: string, address: string, extra: { bulkItem?: string; revises?: string }) => sql`
    insert into offer_links (id, user_id, token_hash, source, address, market_value, repairs, total_repair_cost,
      template_name, offer_low, offer_high, recipient_name, recipient_email, revises_lead_id, bulk_send_item_id,
      created_at, expires_at, formula, nearby_sales)
    values (${id}, ${who.id}, ${`${id.replaceAll('-', '')}${'0'.repeat(32)}`}, ${source}, ${address}, 210000,
      ${json([{ name: 'Paint', cost: 4000 }])}, 4000, 'Standard 70% rule', 139000, 154000,
      ${extra.bulkItem ? 'Ann' : null}, ${extra.bulkItem ? 'ann@example.com' : null}, ${extra.revises ?? null},
      ${extra.bulkItem ?? null}, ${at(13)}, '2025-06-01 00:00:00+00', ${json(formula)},
      ${json([{ address: '9 Pine Ln', price: 208000, soldOn: '2025-01-10' }])})`;
  await db.execute(link(sharedLink, 'shared-link', '3 Birch Ct, Austin, TX', {}));
  await db.execute(link(bulkLink, 'bulk-email', '5 Pine Ln, Austin, TX', { bulkItem: items[0] }));

  const linkLead = randomUUID();
  const pageLead = randomUUID();
  const bulkLead = randomUUID();
  const lead = (
    id: string,
    source: string,
    status: string,
    response: string,
    offerLink: string | null,
    hour: number,
  ) => sql`
    insert into leads (id, address, market_value, offer_low, offer_high, name, email, phone, details, created_at,
      owner_user_id, offer_link_id, contact_key, source, status, response_kind, counter_amount, responded_at, updated_at)
    values (${id}, ${`${hour} Birch Ct, Austin, TX`}, 210000, 139000, 154000, 'Sam Seller', ${`sam${hour}@example.com`},
      '512-555-0111', ${json({ message: 'Call after 5pm', condition: 'needs roof' })}, ${at(hour)}, ${who.id},
      ${offerLink}, ${offerLink ? `sam${hour}@example.com` : null}, ${source}, ${status}, ${response},
      ${response === 'countered' ? 160000 : null}, ${at(hour, 30)}, ${at(hour, 45)})`;
  await db.execute(lead(linkLead, 'shared-link', 'negotiating', 'countered', sharedLink, 14));
  await db.execute(lead(pageLead, 'personal-page', 'new', 'accepted', null, 15));
  await db.execute(lead(bulkLead, 'bulk-email', 'dead', 'new-offer-requested', bulkLink, 16));
  await db.execute(link(revisedLink, 'revised-offer', '14 Birch Ct, Austin, TX', { revises: linkLead }));

  const event = (
    leadId: string,
    kind: string,
    minute: number,
    fields: { response?: string; amount?: number; from?: string; to?: string; link?: string; text?: string },
  ) => sql`
    insert into lead_events (lead_id, kind, response_kind, amount, from_status, to_status, offer_link_id, offer_low,
      offer_high, text, created_at)
    values (${leadId}, ${kind}, ${fields.response ?? null}, ${fields.amount ?? null}, ${fields.from ?? null},
      ${fields.to ?? null}, ${fields.link ?? null}, ${fields.link ? 139000 : null}, ${fields.link ? 154000 : null},
      ${fields.text ?? ''}, ${at(17, minute)})`;
  await db.execute(event(linkLead, 'offer', 0, { link: sharedLink }));
  await db.execute(
    event(linkLead, 'response', 1, { response: 'countered', amount: 160000, link: sharedLink, text: 'Need 160k' }),
  );
  await db.execute(event(linkLead, 'status', 2, { from: 'new', to: 'contacted' }));
  await db.execute(event(linkLead, 'note', 3, { text: 'Spoke with Sam; roof is 20 years old.' }));
  await db.execute(event(linkLead, 'revised-offer', 4, { link: revisedLink, text: 'Best I can do is 150k' }));
  await db.execute(event(linkLead, 'status', 5, { from: 'contacted', to: 'negotiating' }));
  await db.execute(event(pageLead, 'response', 6, { response: 'accepted' }));
  await db.execute(event(bulkLead, 'offer', 7, { link: bulkLink }));
  await db.execute(event(bulkLead, 'response', 8, { response: 'new-offer-requested', link: bulkLink }));
  await db.execute(event(bulkLead, 'status', 9, { from: 'new', to: 'dead' }));
}

/** The operator's public calculator's lead: nobody owns it. */
async function seedOperatorLead(db: EmptyDatabase) {
  const id = randomUUID();
  await db.execute(sql`
    insert into leads (id, address, market_value, offer_low, offer_high, name, email, phone, details, created_at,
      source, status, response_kind, counter_amount, responded_at, updated_at)
    values (${id}, ${OPERATOR_LEAD_ADDRESS}, 300000, 190000, 205000, 'Olive Operator', 'olive@example.com', null,
      ${json({ message: 'Inherited house' })}, '2025-03-05 10:00:00.5+00', 'public-calculator', 'new', 'accepted',
      null, '2025-03-05 10:00:00.5+00', '2025-03-05 10:00:00.5+00')`);
  await db.execute(sql`
    insert into lead_events (lead_id, kind, response_kind, created_at) values (${id}, 'response', 'accepted', '2025-03-05 10:00:00.5+00')`);
  // Not something the app writes for an operator's lead, but the migration must not invent an actor for it.
  await db.execute(sql`
    insert into lead_events (lead_id, kind, from_status, to_status, created_at) values (${id}, 'status', 'new', 'new', '2025-03-05 10:01:00+00')`);
}

const OWNED = ['custom_formula_templates', 'saved_properties', 'subscriptions', 'wholesaler_settings'] as const;
const MADE_BY_A_MEMBER = ['offer_links', 'bulk_send_jobs', 'released_handles', 'wholesaler_profiles'] as const;
const TABLES = [
  'user',
  'account',
  'session',
  ...OWNED,
  ...MADE_BY_A_MEMBER,
  'bulk_send_items',
  'leads',
  'lead_events',
] as const;
type Table = (typeof TABLES)[number];
type Row = Record<string, unknown>;

const canonical = (row: Row) =>
  JSON.stringify(
    Object.keys(row)
      .sort()
      .map((key) => [key, row[key]]),
  );

/** Every row of `table` as JSON (timestamps and numbers as PostgreSQL writes them), in a stable order. */
async function rowsOf(db: EmptyDatabase, table: Table, where?: SQL): Promise<Row[]> {
  const { rows } = await db.execute<{ row: Row }>(
    sql`select to_jsonb(t) as row from ${sql.identifier(table)} t ${where ? sql`where ${where}` : sql``}`,
  );
  return rows.map(({ row }) => row).sort((a, b) => canonical(a).localeCompare(canonical(b)));
}

/** A row after 0019 in the shape it had before: owner columns named as they were, new columns left out. */
function asBefore(table: Table, row: Row): Row {
  const { ...old } = row;
  if ((OWNED as readonly string[]).includes(table)) {
    old.user_id = old.workspace_id;
    delete old.workspace_id;
  }
  if (table === 'leads') {
    old.owner_user_id = old.workspace_id;
    delete old.workspace_id;
    delete old.assignee_user_id;
  }
  if ((MADE_BY_A_MEMBER as readonly string[]).includes(table)) delete old.workspace_id;
  if (table === 'subscriptions') delete old.extra_seats;
  if (table === 'session') delete old.active_organization_id;
  if (table === 'lead_events') delete old.actor_user_id;
  return old;
}

const ACTED_BY_THE_WHOLESALER = ['status', 'note', 'revised-offer'];

for (const kind of ['pglite', 'postgres'] as const)
  describe.skipIf(kind === 'postgres' && inject('postgresUrl') === '')(`migration ${MIGRATION} [${kind}]`, () => {
    const before = migrationsBefore(MIGRATION);
    const through = migrationsThrough(MIGRATION);
    let db: EmptyDatabase;
    const snapshot = new Map<Table, Row[]>();

    beforeAll(async () => {
      db = await openEmptyDatabase(kind);
      await db.migrate(before);
      await seedWholesaler(db, dana, 3);
      await seedWholesaler(db, marcus, 4);
      await seedOperatorLead(db);
      for (const table of TABLES) snapshot.set(table, await rowsOf(db, table));
      await db.migrate(through);
    });
    afterAll(async () => {
      await db?.close();
      rmSync(before, { recursive: true, force: true });
      rmSync(through, { recursive: true, force: true });
    });

    it('keeps every row with every value unchanged', async () => {
      // What was seeded: two of each per user, and the history of every kind that existed before 0019.
      expect(snapshot.get('leads')).toHaveLength(7);
      expect(new Set(snapshot.get('lead_events')!.map((row) => row.kind))).toEqual(
        new Set(['offer', 'response', 'status', 'note', 'revised-offer']),
      );
      for (const table of TABLES) {
        const after = (await rowsOf(db, table)).map((row) => asBefore(table, row));
        expect(
          after.sort((a, b) => canonical(a).localeCompare(canonical(b))),
          table,
        ).toEqual(snapshot.get(table));
      }
      // A few of them spelt out.
      const { rows: plans } = await db.execute<Row>(
        sql`select workspace_id, plan, stripe_customer_id, extra_seats from subscriptions order by workspace_id`,
      );
      expect(plans).toEqual([
        { workspace_id: marcus.id, plan: 'pro', stripe_customer_id: `cus_${marcus.id.slice(0, 14)}`, extra_seats: 0 },
        { workspace_id: dana.id, plan: 'pro', stripe_customer_id: `cus_${dana.id.slice(0, 14)}`, extra_seats: 0 },
      ]);
      const { rows: profiles } = await db.execute<Row>(
        sql`select workspace_id, user_id, handle, reply_to_email from wholesaler_profiles order by handle`,
      );
      expect(profiles).toEqual([
        {
          workspace_id: dana.id,
          user_id: dana.id,
          handle: 'dana-reyes',
          reply_to_email: 'offers@reyes-homebuyers.example',
        },
        {
          workspace_id: marcus.id,
          user_id: marcus.id,
          handle: 'webb-buys-houses',
          reply_to_email: 'offers@webb-land.example',
        },
      ]);
      const { rows: sessions } = await db.execute<Row>(sql`select active_organization_id from session`);
      expect(sessions).toEqual([{ active_organization_id: null }, { active_organization_id: null }]);
    });

    it("gives each user a workspace of their own, with the user's id and name, and them as its Owner", async () => {
      const { rows: workspaces } = await db.execute<Row>(
        sql`select id, name, slug, lead_assignment, lead_assignee_user_id from organization order by name`,
      );
      expect(workspaces).toEqual([
        { id: dana.id, name: dana.name, slug: dana.id, lead_assignment: 'member', lead_assignee_user_id: null },
        { id: marcus.id, name: marcus.name, slug: marcus.id, lead_assignment: 'member', lead_assignee_user_id: null },
      ]);
      const { rows: members } = await db.execute<Row>(
        sql`select organization_id, user_id, role, sees_all_leads, may_bulk_send_and_export from member order by user_id`,
      );
      expect(members).toEqual(
        [dana, marcus]
          .map((who) => ({
            organization_id: who.id,
            user_id: who.id,
            role: 'owner',
            sees_all_leads: true,
            may_bulk_send_and_export: true,
          }))
          .sort((a, b) => a.user_id.localeCompare(b.user_id)),
      );
    });

    it("puts every owned row in its user's workspace", async () => {
      for (const table of [...OWNED, ...MADE_BY_A_MEMBER]) {
        const { rows } = await db.execute<{ workspace_id: string; rows: number }>(
          sql`select workspace_id, count(*)::int as rows from ${sql.identifier(table)} group by workspace_id order by workspace_id`,
        );
        const perUser =
          table === 'subscriptions' || table === 'wholesaler_profiles' || table === 'released_handles' ? 1 : undefined;
        expect(
          rows.map((row) => row.workspace_id),
          table,
        ).toEqual([marcus.id, dana.id].sort());
        if (perUser)
          expect(
            rows.every((row) => row.rows === perUser),
            table,
          ).toBe(true);
      }
      for (const table of MADE_BY_A_MEMBER) {
        const { rows } = await db.execute<{ moved: number }>(
          sql`select count(*)::int as moved from ${sql.identifier(table)} where workspace_id is distinct from user_id`,
        );
        expect(rows[0]!.moved, table).toBe(0);
      }
      // The CRM key sealed for the user opens for the workspace, whose id is the same.
      const { rows: settings } = await db.execute<{ workspace_id: string; setting_value: string }>(
        sql`select workspace_id, setting_value from wholesaler_settings where setting_name = 'ghl_api_key'`,
      );
      for (const who of [dana, marcus]) {
        const sealed = settings.find((row) => row.workspace_id === who.id)!.setting_value;
        expect(cipher.open(sealed, `${who.id}:ghl_api_key`)).toBe(who.apiKey);
      }
    });

    it('assigns each lead to its owner and names the owner on the history they wrote', async () => {
      const { rows: leads } = await db.execute<{
        address: string;
        workspace_id: string | null;
        assignee_user_id: string | null;
      }>(sql`select address, workspace_id, assignee_user_id from leads`);
      expect(leads).toHaveLength(7);
      for (const lead of leads) {
        if (lead.address === OPERATOR_LEAD_ADDRESS)
          expect(lead).toMatchObject({ workspace_id: null, assignee_user_id: null });
        else {
          expect([dana.id, marcus.id]).toContain(lead.workspace_id);
          expect(lead.assignee_user_id).toBe(lead.workspace_id);
        }
      }
      expect(leads.filter((lead) => lead.workspace_id === dana.id)).toHaveLength(3);

      const { rows: events } = await db.execute<{
        kind: string;
        actor_user_id: string | null;
        workspace_id: string | null;
      }>(sql`select e.kind, e.actor_user_id, l.workspace_id from lead_events e join leads l on l.id = e.lead_id`);
      expect(events).toHaveLength(22);
      for (const event of events) {
        const actor = ACTED_BY_THE_WHOLESALER.includes(event.kind) ? event.workspace_id : null;
        expect(event.actor_user_id, `${event.kind} of ${event.workspace_id}`).toBe(actor);
      }
      expect(events.filter((event) => event.actor_user_id === dana.id)).toHaveLength(5);
    });

    it("announces a workspace's changes as {workspaceId, table} on 'user_changes', and a membership's to its user", async () => {
      const payloads: string[] = [];
      const unlisten = await db.listen('user_changes', payloads);
      try {
        await db.execute(
          sql`update saved_properties set contact_phone = '512-555-0000' where workspace_id = ${dana.id}`,
        );
        await db.execute(
          sql`update leads set status = 'contacted' where workspace_id = ${marcus.id} and status = 'new'`,
        );
        await db.execute(sql`update subscriptions set extra_seats = 2 where workspace_id = ${dana.id}`);
        await db.execute(sql`update member set sees_all_leads = true where user_id = ${marcus.id}`);
        await db.execute(sql`delete from session where user_id = ${marcus.id}`);
        const expected = [
          { workspaceId: dana.id, table: 'saved_properties' },
          { workspaceId: marcus.id, table: 'leads' },
          { workspaceId: dana.id, table: 'subscriptions' },
          { userId: marcus.id, table: 'member' },
          { userId: marcus.id, table: 'session' },
        ];
        await expect
          .poll(() => payloads.map((payload) => JSON.parse(payload) as unknown), { timeout: 5000 })
          .toEqual(expect.arrayContaining(expected));
        // Two saved properties changed in one statement: PostgreSQL folds identical payloads of one
        // transaction into one. Nothing else was announced, in the order the changes were made.
        expect(payloads.map((payload) => JSON.parse(payload) as unknown)).toEqual(expected);
      } finally {
        await unlisten();
      }
    });

    it('gives a user who signs up after it their own workspace, Owner membership and free plan', async () => {
      const id = 'Nw5uSr2Af9Kc1Bd7Ge3Hj6Lp0Qx4Zv8M';
      await db.execute(sql`insert into "user" (id, name, email) values (${id}, 'Nia Wells', 'nia@example.com')`);
      const { rows: workspace } = await db.execute<Row>(sql`select id, name, slug from organization where id = ${id}`);
      expect(workspace).toEqual([{ id, name: 'Nia Wells', slug: id }]);
      const { rows: members } = await db.execute<Row>(
        sql`select id, organization_id, role, sees_all_leads, may_bulk_send_and_export from member where user_id = ${id}`,
      );
      expect(members).toEqual([
        { id, organization_id: id, role: 'owner', sees_all_leads: true, may_bulk_send_and_export: true },
      ]);
      const { rows: plans } = await db.execute<Row>(
        sql`select plan, stripe_customer_id, extra_seats from subscriptions where workspace_id = ${id}`,
      );
      expect(plans).toEqual([{ plan: 'free', stripe_customer_id: null, extra_seats: 0 }]);
    });

    it("deletes a user's own workspace, and every row in it, with the user; nobody else's", async () => {
      // Her rows: those naming her, her leads' history and her bulk send's items.
      const hers = (table: Table) =>
        table === 'lead_events'
          ? sql`t.lead_id in (select id from leads where workspace_id = ${dana.id})`
          : table === 'bulk_send_items'
            ? sql`t.job_id in (select id from bulk_send_jobs where workspace_id = ${dana.id})`
            : sql`to_jsonb(t)::text like ${`%${dana.id}%`}`;
      const othersBefore = new Map<Table, Row[]>();
      for (const table of TABLES) {
        expect((await rowsOf(db, table, hers(table))).length, table).toBeGreaterThan(0);
        othersBefore.set(table, await rowsOf(db, table, sql`not (${hers(table)})`));
      }

      await db.execute(sql`delete from "user" where id = ${dana.id}`);

      expect((await db.execute(sql`select 1 from organization where id = ${dana.id}`)).rows).toEqual([]);
      expect((await db.execute(sql`select 1 from member where organization_id = ${dana.id}`)).rows).toEqual([]);
      // Her leads' history went with them; Marcus's rows, the operator's lead and Nia's are untouched.
      for (const table of TABLES) expect(await rowsOf(db, table), table).toEqual(othersBefore.get(table));
      const { rows: leads } = await db.execute<{ address: string }>(
        sql`select address from leads where workspace_id is null`,
      );
      expect(leads).toEqual([{ address: OPERATOR_LEAD_ADDRESS }]);
      expect((await db.execute(sql`select 1 from lead_events`)).rows).toHaveLength(12);
    });
  });
