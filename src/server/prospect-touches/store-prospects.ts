import { sql } from 'drizzle-orm';
import type { ProspectFields } from '#domain/prospects/listed-owner.ts';
import type { Transaction } from '../db/database';

/** Rows of a raw query; PGlite and node-postgres both answer with `rows`. */
async function rowsOf<Row>(tx: Transaction, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await tx.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Finds or makes the workspace's prospect of each of `owners` (one per key: merge rows of one key
 * first), in one statement inside the caller's transaction: a known owner gains the row's phones
 * and e-mails and, where it had none, its city, state, ZIP and mailing address. Rows are written
 * in key order, so two sends storing the same owners at once lock them in the same order.
 * Returns each key's prospect id, and the ids made now.
 */
export async function storeProspects(
  tx: Transaction,
  workspaceId: string,
  owners: ProspectFields[],
): Promise<{ idByKey: Map<string, string>; created: string[] }> {
  if (owners.length === 0) return { idByKey: new Map(), created: [] };
  const sorted = [...owners].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // jsonb arrays merged in order, each value once.
  const union = (column: string) =>
    sql.raw(`(select coalesce(jsonb_agg(value order by first), '[]'::jsonb) from (
      select value, min(n) as first from jsonb_array_elements_text(prospects.${column} || excluded.${column})
        with ordinality as merged(value, n) group by value) as merged)`);
  const rows = await rowsOf<{ id: string; key: string; created: boolean }>(
    tx,
    sql`
    insert into prospects (workspace_id, key, name, address, city, state, zip, mailing_address, phones, emails, email_keys)
    select ${workspaceId}, o->>'key', o->>'name', o->>'address', o->>'city', o->>'state', o->>'zip',
           nullif(o->'mailingAddress', 'null'::jsonb), o->'phones', o->'emails', o->'emailKeys'
    from jsonb_array_elements(${JSON.stringify(sorted)}::jsonb) as owner(o)
    on conflict (workspace_id, key) do update set
      city = coalesce(prospects.city, excluded.city),
      state = coalesce(prospects.state, excluded.state),
      zip = coalesce(prospects.zip, excluded.zip),
      mailing_address = coalesce(prospects.mailing_address, excluded.mailing_address),
      phones = ${union('phones')},
      emails = ${union('emails')},
      email_keys = ${union('email_keys')},
      updated_at = now()
    returning id, key, (xmax = 0) as created`,
  );
  return {
    idByKey: new Map(rows.map((row) => [row.key, row.id])),
    created: rows.filter((row) => row.created).map((row) => row.id),
  };
}
