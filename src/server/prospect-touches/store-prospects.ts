import { and, inArray, sql } from 'drizzle-orm';
import type { ProspectFields } from '#domain/prospects/listed-owner.ts';
import type { Transaction } from '../db/database';
import { rowsOf } from '../db/rows-of';
import { prospects } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';

/** The offer a send makes an owner, kept on a prospect it makes. */
export interface SentOffer {
  /** The bulk e-mail send; null for a mail send (its owners' sends are their touches). */
  jobId: string | null;
  low: number;
  high: number;
  marketValue: number;
  templateName: string;
}

/**
 * Finds or makes the workspace's prospect of each of `owners` (one per key: merge rows of one key
 * first), inside the caller's transaction. A new prospect is written with the offer this send makes
 * it; a known owner is rewritten only when the row brings something it lacks (a phone, an e-mail,
 * or where it had none its city, state, ZIP or mailing address): a send of owners already known
 * writes no prospect row. Rows are written in key order, so two sends storing the same owners at
 * once lock them in the same order. Returns each key's prospect id, and the ids made now.
 */
export async function storeProspects(
  tx: Transaction,
  workspaceId: string,
  owners: (ProspectFields & { sent: SentOffer })[],
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
    insert into prospects (workspace_id, key, name, address, city, state, zip, mailing_address, phones, emails,
      email_keys, offer_low, offer_high, market_value, template_name, last_send_job_id)
    select ${workspaceId}, o->>'key', o->>'name', o->>'address', o->>'city', o->>'state', o->>'zip',
           nullif(o->'mailingAddress', 'null'::jsonb), o->'phones', o->'emails', o->'emailKeys',
           (o->'sent'->>'low')::numeric, (o->'sent'->>'high')::numeric, (o->'sent'->>'marketValue')::numeric,
           o->'sent'->>'templateName', (o->'sent'->>'jobId')::uuid
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
    where not (prospects.phones @> excluded.phones and prospects.emails @> excluded.emails
               and prospects.email_keys @> excluded.email_keys
               and (prospects.city is not null or excluded.city is null)
               and (prospects.state is not null or excluded.state is null)
               and (prospects.zip is not null or excluded.zip is null)
               and (prospects.mailing_address is not null or excluded.mailing_address is null))
    returning id, key, (xmax = 0) as created`,
  );
  const idByKey = new Map(rows.map((row) => [row.key, row.id]));
  // Known owners the row brought nothing new about were not written, so not returned (the
  // statement above locked them all the same).
  const unchanged = sorted.map((owner) => owner.key).filter((key) => !idByKey.has(key));
  if (unchanged.length > 0) {
    const known = await tx
      .select({ id: prospects.id, key: prospects.key })
      .from(prospects)
      .where(and(inWorkspace(prospects, workspaceId), inArray(prospects.key, unchanged)));
    for (const row of known) idByKey.set(row.key, row.id);
  }
  return { idByKey, created: rows.filter((row) => row.created).map((row) => row.id) };
}
