import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_LOB_PRICE_PER_PIECE_CENTS } from '#domain/mail/lob-settings.ts';
import { answerRate, sameOfferSentReason } from '#domain/prospects/prospect-requests.ts';
import type { Database } from '../db/database';
import { rowsOf } from '../db/rows-of';
import {
  bulkSendItems,
  bulkSendJobs,
  leads,
  mailPieces,
  mailSends,
  mailSuppressions,
  prospectTouches,
  wholesalerSettings,
} from '../db/schema';
import { inWorkspace, ownedRow } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { LOB_PRICE_SETTING } from '../mail/lob-settings-store';
import { prospectMessages } from './get-prospect';

/** Sends the picker lists, newest first. */
const SENDS_LISTED = 100;

/** Pieces of mail that went out: printed by the member, or handed to Lob and on their way. */
const PIECES_OUT = sql.raw(`('printed-by-you', 'mailed', 'in-transit', 'delivered', 'returned')`);

/**
 * The workspace's sends, e-mail and mail, newest first, for the Prospects screen's send picker: an
 * e-mail send's size is its rows, a mail send's its pieces (a Lob send once confirmed).
 */
export async function listSends(db: Database, workspaceId: string) {
  const rows = await rowsOf<{
    id: string;
    kind: 'email' | 'mail';
    created_at: string | Date;
    total: number;
    status: string;
  }>(
    db,
    sql`(select ${bulkSendJobs.id} as id, 'email' as kind, ${bulkSendJobs.createdAt} as created_at,
        ${bulkSendJobs.total} as total, ${bulkSendJobs.status} as status
      from ${bulkSendJobs} where ${inWorkspace(bulkSendJobs, workspaceId)}
      order by ${bulkSendJobs.createdAt} desc limit ${SENDS_LISTED})
    union all
    (select ${mailSends.id}, 'mail', ${mailSends.createdAt}, ${mailSends.pieces},
        case when ${mailSends.channel} = 'lob' and ${mailSends.confirmedAt} is null then 'preparing' else 'done' end
      from ${mailSends} where ${inWorkspace(mailSends, workspaceId)}
      order by ${mailSends.createdAt} desc limit ${SENDS_LISTED})
    order by created_at desc, id desc limit ${SENDS_LISTED}`,
  );
  return {
    sends: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      createdAt: new Date(row.created_at).toISOString(),
      total: row.total,
      status: row.status,
    })),
  };
}

/** Cost per answer in cents, null without an answer. */
const perAnswer = (costCents: number, answered: number) => (answered > 0 ? Math.round(costCents / answered) : null);

/**
 * What a send earned (issue 41, part 6). An e-mail send, from its prospects' touches: owners reached
 * (e-mailed at least once), e-mails sent, the owners who bounced, unsubscribed and answered, and the
 * rows it skipped because an earlier send had made the owner the same offer; e-mail costs nothing
 * per message here. A mail send, from its pieces: owners reached (on a piece that went out), pieces
 * verified (a Lob send's pieces all passed Lob's verification), printed by the member, mailed,
 * delivered, returned and failed, the owners who asked to stop mail (unsubscribed) and who answered
 * (a lead from one of its offer links), and its cost (pieces that went out at its price per piece,
 * else the workspace's). Both: answer rate (answered / reached), cost per answer. Another
 * workspace's send is 404.
 */
export async function summarizeSend(db: Database, workspaceId: string, sendId: string) {
  const [job] = await db
    .select({ id: bulkSendJobs.id, total: bulkSendJobs.total, createdAt: bulkSendJobs.createdAt })
    .from(bulkSendJobs)
    .where(ownedRow(bulkSendJobs, sendId, workspaceId));
  if (!job) return summarizeMailSend(db, workspaceId, sendId);
  const owners = (kind: string) =>
    sql<number>`count(distinct ${prospectTouches.prospectId}) filter (where ${prospectTouches.kind} = ${kind})`.mapWith(
      Number,
    );
  const [figures] = await db
    .select({
      reached: owners('e-mailed'),
      emailed: sql<number>`count(*) filter (where ${prospectTouches.kind} = 'e-mailed')`.mapWith(Number),
      bounced: owners('bounced'),
      unsubscribed: owners('unsubscribed'),
      answered: owners('answered'),
    })
    .from(prospectTouches)
    .where(and(inWorkspace(prospectTouches, workspaceId), eq(prospectTouches.sendJobId, job.id)));
  const [skipped] = await db
    .select({ alreadySent: sql<number>`count(*)`.mapWith(Number) })
    .from(bulkSendItems)
    .where(
      and(
        eq(bulkSendItems.jobId, job.id),
        eq(bulkSendItems.status, 'skipped'),
        eq(bulkSendItems.error, sameOfferSentReason),
      ),
    );
  const counts = figures ?? { reached: 0, emailed: 0, bounced: 0, unsubscribed: 0, answered: 0 };
  return {
    sendId: job.id,
    kind: 'email' as 'email' | 'mail',
    createdAt: job.createdAt.toISOString(),
    rows: job.total,
    ...counts,
    verified: 0,
    printed: 0,
    mailed: 0,
    delivered: 0,
    returned: 0,
    failed: 0,
    answerRate: answerRate(counts),
    costCents: 0,
    costPerAnswerCents: perAnswer(0, counts.answered),
    alreadySent: skipped?.alreadySent ?? 0,
  };
}

async function summarizeMailSend(db: Database, workspaceId: string, sendId: string) {
  const [send] = await db
    .select({
      id: mailSends.id,
      pieces: mailSends.pieces,
      channel: mailSends.channel,
      createdAt: mailSends.createdAt,
      pricePerPieceCents: mailSends.pricePerPieceCents,
    })
    .from(mailSends)
    .where(ownedRow(mailSends, sendId, workspaceId));
  if (!send) throw new Refusal(404, prospectMessages.sendNotFound, { code: 'not-found' });
  const pieceCount = (statuses: string) =>
    sql<number>`count(*) filter (where ${mailPieces.status} in ${sql.raw(statuses)})`.mapWith(Number);
  const [pieces] = await db
    .select({
      out: sql<number>`count(*) filter (where ${mailPieces.status} in ${PIECES_OUT})`.mapWith(Number),
      verified:
        sql<number>`count(*) filter (where ${mailPieces.status} not in ('printed-by-you', 'preparing', 'undeliverable'))`.mapWith(
          Number,
        ),
      printed: pieceCount(`('printed-by-you')`),
      mailed: pieceCount(`('mailed', 'in-transit', 'delivered', 'returned')`),
      delivered: pieceCount(`('delivered')`),
      returned: pieceCount(`('returned')`),
      failed: pieceCount(`('failed')`),
      // The owners who asked, at a piece's /stop, to be mailed no more (the do-not-mail list).
      // (The outer row named in full: a one-table select names its own columns unqualified.)
      unsubscribed: sql<number>`count(*) filter (where exists (select 1 from ${mailSuppressions}
        where ${inWorkspace(mailSuppressions, workspaceId)}
          and ${mailSuppressions.mailingAddressKey} = "mail_pieces"."mailing_address_key"
          and ${mailSuppressions.reason} = 'stopped'))`.mapWith(Number),
    })
    .from(mailPieces)
    .where(and(inWorkspace(mailPieces, workspaceId), eq(mailPieces.sendId, send.id)));
  const [owners] = await rowsOf<{ reached: number; answered: number }>(
    db,
    sql`select count(distinct mail_short_codes.prospect_id) filter (where mail_pieces.status in ${PIECES_OUT})::int as reached,
        (select count(distinct leads.id) from ${leads}
          join mail_short_codes answered_codes on answered_codes.offer_link_id = leads.offer_link_id
          join mail_pieces answered_pieces on answered_pieces.id = answered_codes.piece_id
          where ${inWorkspace(leads, workspaceId)} and answered_pieces.send_id = ${send.id})::int as answered
      from mail_short_codes join ${mailPieces} on mail_pieces.id = mail_short_codes.piece_id
      where ${inWorkspace(mailPieces, workspaceId)} and mail_pieces.send_id = ${send.id}`,
  );
  const [price] = await db
    .select({ value: wholesalerSettings.settingValue })
    .from(wholesalerSettings)
    .where(and(inWorkspace(wholesalerSettings, workspaceId), eq(wholesalerSettings.settingName, LOB_PRICE_SETTING)));
  const counts = { reached: owners?.reached ?? 0, answered: owners?.answered ?? 0 };
  const figures = pieces ?? {
    out: 0,
    verified: 0,
    printed: 0,
    mailed: 0,
    delivered: 0,
    returned: 0,
    failed: 0,
    unsubscribed: 0,
  };
  const costCents =
    figures.out * (send.pricePerPieceCents ?? Number(price?.value ?? DEFAULT_LOB_PRICE_PER_PIECE_CENTS));
  return {
    sendId: send.id,
    kind: 'mail' as 'email' | 'mail',
    createdAt: send.createdAt.toISOString(),
    rows: send.pieces,
    reached: counts.reached,
    emailed: 0,
    bounced: 0,
    unsubscribed: figures.unsubscribed,
    answered: counts.answered,
    verified: send.channel === 'lob' ? figures.verified : 0,
    printed: figures.printed,
    mailed: figures.mailed,
    delivered: figures.delivered,
    returned: figures.returned,
    failed: figures.failed,
    answerRate: answerRate(counts),
    costCents,
    costPerAnswerCents: perAnswer(costCents, counts.answered),
    alreadySent: 0,
  };
}
