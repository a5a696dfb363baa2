import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import {
  isLobTestKey,
  lobMessages,
  mailCostCents,
  postalAddressForLobMessage,
  postalAddressParts,
} from '#domain/mail/lob-settings.ts';
import type { MailSendRequest } from '#domain/mail/mail-send-request.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { AppContext } from '../app-context';
import type { Database } from '../db/database';
import { mailPieces, mailSends } from '../db/schema';
import { inWorkspace, ownedRow } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import type { SettingsCipher } from '../integrations/settings-cipher';
import { assertMemberMayMail, createMailSend } from './create-mail-send';
import { readLobSettings, requireLobKey } from './lob-settings-store';
import { mailSendNotFound } from './read-mail-send';

/** Wakes the Lob mail workers of every process (NOTIFY): a send was stored, or confirmed. */
export const LOB_MAIL_CHANNEL = 'lob_mail';

/** What the confirm step shows: the count, the cost at the workspace's price, and the month's cap. */
export interface LobSendQuote {
  sendId: string;
  pieces: number;
  properties: number;
  pricePerPieceCents: number;
  costCents: number;
  monthlyPieceCap: number;
  mailedThisMonth: number;
  testMode: boolean;
  /** Lob is still verifying the send's addresses (the worker): the count and cost may yet go down. */
  preparing: boolean;
  confirmed: boolean;
  /** Rows not mailed, with why (undeliverable per Lob, on the do-not-mail list, no address…). */
  skipped: { index: number; reason: string }[];
}

/** Pieces of the workspace's confirmed Lob sends since the start of this calendar month (UTC). */
export async function piecesMailedThisMonth(db: Pick<Database, 'select'>, workspaceId: string) {
  const [row] = await db
    .select({ pieces: sql<number>`coalesce(sum(${mailSends.pieces}), 0)`.mapWith(Number) })
    .from(mailSends)
    .where(
      and(
        inWorkspace(mailSends, workspaceId),
        eq(mailSends.channel, 'lob'),
        isNotNull(mailSends.confirmedAt),
        gte(mailSends.confirmedAt, sql`date_trunc('month', now() at time zone 'utc') at time zone 'utc'`),
      ),
    );
  return row?.pieces ?? 0;
}

export const undeliverableReason = (deliverability: string) =>
  `Lob cannot deliver to this mailing address (${deliverability.replaceAll('_', ' ')})`;

/**
 * A send through the workspace's Lob key (issue 41): its pieces are stored 'preparing' and the
 * request answers at once; the Lob mail worker verifies each mailing address (an undeliverable one
 * is kept 'undeliverable' with Lob's word, never mailed) and makes the links of the others
 * (prepare-lob-pieces.ts). Nothing is mailed until confirmLobSend, once the send is prepared.
 * Answers the first quote: the pieces planned, the rows skipped already (no address, do-not-mail).
 */
export async function createLobSend(
  context: Pick<AppContext, 'env' | 'database' | 'serverSecret'>,
  cipher: SettingsCipher,
  member: Pick<WorkspaceMember, 'workspaceId' | 'userId'>,
  request: MailSendRequest,
): Promise<LobSendQuote> {
  const { db } = context.database;
  const settings = await requireLobKey(db, cipher, member.workspaceId);
  const wholesaler = await assertMemberMayMail(db, member);
  if (!postalAddressParts(wholesaler.postalAddress))
    throw new Refusal(422, postalAddressForLobMessage, { code: 'postal-address-required' });
  const created = await createMailSend(context, member, request, {
    pricePerPieceCents: settings.pricePerPieceCents,
    testMode: isLobTestKey(settings.apiKey),
  });
  await db.execute(sql`select pg_notify(${LOB_MAIL_CHANNEL}, ${created.sendId})`);
  return {
    sendId: created.sendId,
    pieces: created.pieces,
    properties: created.properties,
    pricePerPieceCents: settings.pricePerPieceCents,
    costCents: mailCostCents(created.pieces, settings.pricePerPieceCents),
    monthlyPieceCap: settings.monthlyPieceCap,
    mailedThisMonth: await piecesMailedThisMonth(db, member.workspaceId),
    testMode: isLobTestKey(settings.apiKey),
    preparing: true,
    confirmed: false,
    skipped: created.skipped,
  };
}

// One lock class for the monthly cap (pg_advisory_xact_lock's first key), another for handles.
export const LOB_CAP_LOCK_CLASS = 4101;

/**
 * The member confirms what the confirm step showed (its piece count and cost): under the
 * workspace's cap lock, the send is marked confirmed and its pieces queued for the Lob worker, or
 * refused (already confirmed, figures changed, cap exceeded) with nothing changed.
 */
export async function confirmLobSend(
  { database }: Pick<AppContext, 'database'>,
  cipher: SettingsCipher,
  member: Pick<WorkspaceMember, 'workspaceId' | 'userId'>,
  sendId: string,
  seen: { pieces: number; costCents: number },
): Promise<LobSendQuote> {
  const { db } = database;
  const settings = await readLobSettings(db, cipher, member.workspaceId);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOB_CAP_LOCK_CLASS}, hashtext(${member.workspaceId}))`);
    const [send] = await tx
      .select()
      .from(mailSends)
      .where(and(ownedRow(mailSends, sendId, member), eq(mailSends.channel, 'lob')))
      .for('update');
    if (!send) throw new Refusal(404, mailSendNotFound, { code: 'not-found' });
    if (send.confirmedAt) throw new Refusal(409, lobMessages.alreadyConfirmed, { code: 'already-confirmed' });
    const [preparing] = await tx
      .select({ id: mailPieces.id })
      .from(mailPieces)
      .where(and(eq(mailPieces.sendId, send.id), eq(mailPieces.status, 'preparing')))
      .limit(1);
    if (preparing) throw new Refusal(409, lobMessages.stillPreparing, { code: 'send-preparing' });
    if (send.pieces === 0) throw new Refusal(422, lobMessages.noneDeliverable, { code: 'nothing-to-mail' });
    const costCents = mailCostCents(send.pieces, send.pricePerPieceCents ?? settings.pricePerPieceCents);
    if (seen.pieces !== send.pieces || seen.costCents !== costCents)
      throw new Refusal(409, lobMessages.confirmationStale, { code: 'confirmation-stale' });
    const mailedThisMonth = await piecesMailedThisMonth(tx, member.workspaceId);
    if (mailedThisMonth + send.pieces > settings.monthlyPieceCap)
      throw new Refusal(422, lobMessages.capExceeded(settings.monthlyPieceCap, mailedThisMonth, send.pieces), {
        code: 'mail-cap-exceeded',
        details: { monthlyPieceCap: settings.monthlyPieceCap, mailedThisMonth },
      });
    await tx
      .update(mailSends)
      .set({ confirmedAt: sql`now()` })
      .where(eq(mailSends.id, send.id));
    await tx
      .update(mailPieces)
      .set({ status: 'queued', nextAttemptAt: sql`now()` })
      .where(and(eq(mailPieces.sendId, send.id), eq(mailPieces.status, 'verified')));
    await tx.execute(sql`select pg_notify(${LOB_MAIL_CHANNEL}, ${send.id})`);
    return {
      sendId: send.id,
      pieces: send.pieces,
      properties: 0,
      pricePerPieceCents: send.pricePerPieceCents ?? settings.pricePerPieceCents,
      costCents,
      monthlyPieceCap: settings.monthlyPieceCap,
      mailedThisMonth: mailedThisMonth + send.pieces,
      testMode: send.testMode,
      preparing: false,
      confirmed: true,
      skipped: [],
    };
  });
}
