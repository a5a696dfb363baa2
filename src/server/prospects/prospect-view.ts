import { sql } from 'drizzle-orm';
import type { ProspectChannel } from '#domain/prospects/prospect-requests.ts';
import { prospects } from '../db/schema';

/** The columns a prospect is listed and shown with. */
export const prospectColumns = {
  id: prospects.id,
  key: prospects.key,
  name: prospects.name,
  address: prospects.address,
  city: prospects.city,
  state: prospects.state,
  zip: prospects.zip,
  mailingAddress: prospects.mailingAddress,
  phones: prospects.phones,
  emails: prospects.emails,
  marketValue: prospects.marketValue,
  offerLow: prospects.offerLow,
  offerHigh: prospects.offerHigh,
  templateName: prospects.templateName,
  lastSendJobId: prospects.lastSendJobId,
  status: prospects.status,
  leadId: prospects.leadId,
  lastTouchKind: prospects.lastTouchKind,
  lastTouchAt: prospects.lastTouchAt,
  // The next step of an active follow-up sequence its offer e-mails or its mailed pieces started
  // (least() skips the one that has none). Written with its own aliases: a one-table select names
  // the outer columns unqualified.
  nextFollowUpAt: sql<string | Date | null>`least(
    (select min(f.next_due_at) from bulk_send_items i
      join offer_links o on o.bulk_send_item_id = i.id
      join follow_ups f on f.offer_link_id = o.id and f.status = 'active'
      where i.prospect_id = "prospects"."id"),
    (select min(f.next_due_at) from mail_short_codes c
      join follow_ups f on f.mail_piece_id = c.piece_id and f.status = 'active'
      where c.prospect_id = "prospects"."id"))`,
};

type ProspectRow = Omit<typeof prospects.$inferSelect, 'workspaceId' | 'emailKeys' | 'createdAt' | 'updatedAt'> & {
  nextFollowUpAt: string | Date | null;
};

/** Whether a prospect can be mailed: a mailing address, or the property's own with its city, state and ZIP. */
export const mailable = sql`("prospects"."mailing_address" is not null or ("prospects"."city" is not null and "prospects"."state" is not null and "prospects"."zip" is not null))`;

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** A prospect as the API answers it: its channels, its offer, its last touch and next follow-up. */
export function prospectView(row: ProspectRow) {
  const channels: ProspectChannel[] = [];
  if (row.emails.length > 0) channels.push('email');
  if (row.phones.length > 0) channels.push('phone');
  if (row.mailingAddress || (row.city && row.state && row.zip)) channels.push('mail');
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    mailingAddress: row.mailingAddress,
    phones: row.phones,
    emails: row.emails,
    channels,
    marketValue: row.marketValue,
    offerRange: row.offerLow !== null && row.offerHigh !== null ? { low: row.offerLow, high: row.offerHigh } : null,
    templateName: row.templateName,
    lastSendId: row.lastSendJobId,
    status: row.status,
    leadId: row.leadId,
    lastTouch:
      row.lastTouchKind && row.lastTouchAt ? { kind: row.lastTouchKind, at: row.lastTouchAt.toISOString() } : null,
    nextFollowUpAt: iso(row.nextFollowUpAt),
  };
}

export type ProspectView = ReturnType<typeof prospectView>;
