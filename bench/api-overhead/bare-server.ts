// The yardstick of bench/api-overhead.ts: a bare Hono + pg server that answers the app's save and
// list routes with the same SQL on the same PostgreSQL, and nothing else (no validation, no
// signature check of the session cookie, no security headers). Whatever the app spends above
// this is its framework tax. The statements the app prepares (named, parsed once per connection)
// are named here too, so that PostgreSQL does the same work for both.
// Run by the bench: DATABASE_URL=… PORT=… npx tsx bench/api-overhead/bare-server.ts
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
pool.on('error', (error) => console.warn(`bare server: idle connection lost (${error.message})`));
// numeric(14, 2) as a number, as the app's schema reads it.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

const signedIn = createMiddleware<{ Variables: { workspaceId: string } }>(async (c, next) => {
  const token = getCookie(c, 'cash-offer.session_token')?.split('.')[0];
  if (!token) return c.json({ error: 'Please sign in' }, 401);
  // The app's session query as Drizzle writes it (auth/session-reader.ts): the session, its user, and
  // the membership of the session's workspace (its own when it chose none, else the first joined).
  const { rows } = await pool.query<{ expires_at: Date; organization_id: string | null }>({
    name: 'read_session',
    text: `select "session"."id", "session"."expires_at", "session"."active_organization_id", "user"."id", "user"."email", "user"."name", "membership"."organization_id", "membership"."user_id", "membership"."role", "membership"."sees_all_leads", "membership"."may_bulk_send_and_export" from "session" inner join "user" on "user"."id" = "session"."user_id" left join lateral (select "organization_id", "user_id", "role", "sees_all_leads", "may_bulk_send_and_export" from "member" where ("member"."user_id" = "session"."user_id" and ("session"."active_organization_id" is null or "member"."organization_id" = "session"."active_organization_id")) order by "member"."organization_id" = "session"."user_id" desc, "member"."created_at" asc limit $1) "membership" on true where "session"."token" = $2`,
    values: [1, token],
  });
  const workspaceId = rows[0] && rows[0].expires_at.getTime() > Date.now() ? rows[0].organization_id : null;
  if (!workspaceId) return c.json({ error: 'Please sign in' }, 401);
  c.set('workspaceId', workspaceId);
  await next();
});

interface SaveBody {
  address: string;
  marketValue: number;
  template: unknown;
  contact: { name: string; email: string; phones: string[] };
}

const app = new Hono<{ Variables: { workspaceId: string } }>()
  .use('/api/properties', signedIn)
  .post('/api/properties', async (c) => {
    const body = await c.req.json<SaveBody>();
    const workspaceId = c.var.workspaceId;
    // The app's insert values as it sends them; the offer's formula stands in for the one the app computes.
    const values = [
      body.address,
      String(body.marketValue),
      '[]',
      '0',
      String(body.marketValue * 0.6),
      String(body.marketValue * 0.7),
      JSON.stringify(body.template),
      null,
      body.contact.name,
      body.contact.email,
      body.contact.phones.join(', '),
    ];
    // The app's save on a plan without a limit (the bench's user is on Pro), as Drizzle writes it:
    // one statement, the plan's row locked FOR SHARE while it runs.
    const { rows: saved } = await pool.query({
      name: 'save_property_unlimited',
      text: `with "plan" as (
      select "subscriptions"."plan" from "subscriptions" where "subscriptions"."workspace_id" = $1 for share
    )
    insert into "saved_properties" ("workspace_id", "address", "market_value", "repair_costs", "total_repair_cost", "cash_offer_low", "cash_offer_high", "formula", "repair_estimate", "contact_name", "contact_email", "contact_phone")
    select $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13 from "plan" where "plan"."plan" in ($14)
    returning "id", "workspace_id", "address", "market_value", "repair_costs", "total_repair_cost", "cash_offer_low", "cash_offer_high", "formula", "repair_estimate", "arv_comps", "contact_name", "contact_email", "contact_phone", "created_at"`,
      values: [workspaceId, workspaceId, ...values, 'pro'],
    });
    if (saved[0]) return c.json({ property: saved[0] }, 201);
    // Any other plan: the plan locked, the properties counted and the row inserted in one transaction, as the app does.
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows: plans } = await client.query<{ plan: string }>({
        name: 'lock_plan',
        text: 'select "plan" from "subscriptions" where "subscriptions"."workspace_id" = $1 for update',
        values: [workspaceId],
      });
      if (plans[0]?.plan !== 'pro') {
        await client.query('select count(*) from saved_properties where workspace_id = $1', [workspaceId]);
      }
      const { rows } = await client.query({
        name: 'save_property',
        text: `insert into "saved_properties" ("id", "workspace_id", "address", "market_value", "repair_costs",
           "total_repair_cost", "cash_offer_low", "cash_offer_high", "formula", "repair_estimate", "arv_comps",
           "contact_name", "contact_email", "contact_phone", "created_at")
         values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, default, $10, $11, $12, default) returning *`,
        values: [workspaceId, ...values],
      });
      await client.query('commit');
      return c.json({ property: rows[0] }, 201);
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  })
  .get('/api/properties', async (c) => {
    const limit = Number(c.req.query('limit') ?? 100);
    const { rows } = await pool.query({
      name: 'saved_list_first_page',
      text: `select id, address, market_value as "marketValue", repair_costs as "repairCosts",
         total_repair_cost as "totalRepairCost", cash_offer_low as "cashOfferLow", cash_offer_high as "cashOfferHigh",
         formula, repair_estimate as "repairEstimate", arv_comps as "arvComps", contact_name as "contactName",
         contact_email as "contactEmail", contact_phone as "contactPhone", created_at as "createdAt"
       from saved_properties where workspace_id = $1 order by created_at desc, id desc limit $2`,
      values: [c.var.workspaceId, limit + 1],
    });
    return c.json({ properties: rows.slice(0, limit), nextCursor: rows.length > limit ? 'more' : null });
  });

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => console.log('listening'));
// Exit on the bench's SIGINT through process.exit, so that node writes a --cpu-prof profile.
process.on('SIGINT', () => process.exit(0));
