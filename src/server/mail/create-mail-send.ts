import { and, eq, inArray } from 'drizzle-orm';
import { carriesLinkOrMarkup } from '#domain/email/typed-text-rules.ts';
import type { MailRow, MailSendRequest } from '#domain/mail/mail-send-request.ts';
import {
  mailSkipReasons,
  planMailPieces,
  UnworkableRowError,
  type PlannedPiece,
  type StoredPiecePlan,
} from '#domain/mail/plan-mail-pieces.ts';
import { namedFormula } from '#domain/offer/compute-offer-range.ts';
import { mergeProspectFields, prospectOfRow, type ProspectFields } from '#domain/prospects/listed-owner.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { AppContext } from '../app-context';
import type { Transaction } from '../db/database';
import { mailPieces, mailSends, mailShortCodes, mailSuppressions, offerLinks } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { assertSenderMaySend } from '../email/send-to-third-party';
import { Refusal } from '../http/refusal';
import { insertOfferLink } from '../offer-links/insert-offer-link';
import { readWholesaler } from '../profile/read-wholesaler';
import { storeProspects, type SentOffer } from '../prospect-touches/store-prospects';
import { enrolMailFollowUp } from './enrol-mail-follow-up';
import { mailingAddressLine, touchProspects } from './piece-prospects';
import { createShortCode, sealShortCode, shortCodeDigest } from './short-code-seal';

export const mailSendMessages = {
  phoneRequired:
    'Add a phone number to your profile: a mailed offer says how to call you, and how to stop offers by phone',
  phoneLinkOrMarkup: 'Your profile’s phone cannot contain links, e-mail addresses or HTML',
  nothingToMail: 'Nothing to mail: every selected owner is on the do-not-mail list or has no mailing address',
} as const;

/**
 * Pieces per transaction: each short, so a 10,000-piece send does not hold the database (PGlite has
 * one connection: with 200, /api/health waited up to 2.9 s while 2,000 pieces were stored; with 25,
 * 0.33 s, in the same 6.5 s: bench/mail-queue.ts).
 */
const PIECES_PER_TRANSACTION = 25;

export interface CreatedMailSend {
  sendId: string;
  pieces: number;
  properties: number;
  skipped: { index: number; reason: string }[];
}

/**
 * A send through Lob: its pieces are stored 'preparing' with their plans, and the Lob mail worker
 * verifies each address and makes its links off the request (prepare-lob-pieces.ts); nothing is
 * mailed until the send is confirmed (confirmLobSend).
 */
export interface LobSendOptions {
  pricePerPieceCents: number;
  testMode: boolean;
}

/** Preparing pieces stored per statement: a few hundred rows, each statement short. */
const PREPARING_PIECES_PER_INSERT = 250;

/**
 * Refuses a member who may not mail offers: the sending policy's checks for a commercial message
 * (a verified account, a postal address, a profile of plain words), and a phone in plain words
 * (every piece prints it, with the stop line). Answers the profile that signs the pieces.
 */
export async function assertMemberMayMail(
  db: AppContext['database']['db'],
  member: Pick<WorkspaceMember, 'workspaceId' | 'userId'>,
) {
  await assertSenderMaySend(db, member, 'bulk-offer');
  const wholesaler = await readWholesaler(db, member);
  if (!wholesaler) throw new Refusal(404, 'Account not found');
  if (!wholesaler.phone.trim()) throw new Refusal(403, mailSendMessages.phoneRequired, { code: 'phone-required' });
  if (carriesLinkOrMarkup(wholesaler.phone))
    throw new Refusal(403, mailSendMessages.phoneLinkOrMarkup, { code: 'profile-link-or-markup' });
  return wholesaler;
}

/** The mailing addresses among `keys` on the workspace's do-not-mail list. */
export async function suppressedMailingAddresses(
  db: Pick<AppContext['database']['db'], 'select'>,
  workspaceId: string,
  keys: string[],
): Promise<Set<string>> {
  const suppressed = new Set<string>();
  for (let start = 0; start < keys.length; start += 1_000) {
    const rows = await db
      .select({ key: mailSuppressions.mailingAddressKey })
      .from(mailSuppressions)
      .where(
        and(
          inWorkspace(mailSuppressions, workspaceId),
          inArray(mailSuppressions.mailingAddressKey, keys.slice(start, start + 1_000)),
        ),
      );
    for (const row of rows) suppressed.add(row.key);
  }
  return suppressed;
}

/**
 * "Print them yourself" (issue 41): the member's mail send of the workspace. Offers are recomputed
 * from the template; one piece per mailing address, in envelope order; addresses on the workspace's
 * do-not-mail list are skipped. Each property gets an offer link (source 'mail') and a short code,
 * live from this moment; each piece is stored 'printed-by-you'. Returns the send, whose PDF and
 * mail-house CSV are read by id (mail-send-documents.ts). With `lob`, a send through Lob: its pieces
 * are stored 'preparing' with their plans, and the links come when the worker has verified them.
 */
export async function createMailSend(
  { env, database, serverSecret }: Pick<AppContext, 'env' | 'database' | 'serverSecret'>,
  member: Pick<WorkspaceMember, 'workspaceId' | 'userId'>,
  request: MailSendRequest,
  lob?: LobSendOptions,
): Promise<CreatedMailSend> {
  const { db } = database;
  let plan;
  try {
    plan = planMailPieces(request.properties, request.template, request.format);
  } catch (error) {
    if (!(error instanceof UnworkableRowError)) throw error;
    throw new Refusal(400, error.message, {
      code: 'offer-unworkable',
      details: { field: `properties.${error.index}.marketValue` },
    });
  }
  const suppressed = await suppressedMailingAddresses(
    db,
    member.workspaceId,
    plan.pieces.map((piece) => piece.mailingAddressKey),
  );
  const skipped = [...plan.skipped];
  const pieces = plan.pieces.filter((piece) => {
    if (!suppressed.has(piece.mailingAddressKey)) return true;
    for (const property of piece.properties)
      skipped.push({ index: property.index, reason: mailSkipReasons.suppressed });
    return false;
  });
  skipped.sort((a, b) => a.index - b.index);
  if (pieces.length === 0)
    throw new Refusal(422, mailSendMessages.nothingToMail, { code: 'nothing-to-mail', details: { skipped } });

  const [send] = await db
    .insert(mailSends)
    .values({
      workspaceId: member.workspaceId,
      userId: member.userId,
      format: request.format,
      pieces: pieces.length,
      ...(lob && { channel: 'lob' as const, pricePerPieceCents: lob.pricePerPieceCents, testMode: lob.testMode }),
    })
    .returning({ id: mailSends.id });
  if (!send) throw new Error('mail_sends insert returned no row');
  const formula = namedFormula(request.template);
  try {
    if (lob) await storePreparingPieces(db, member.workspaceId, send.id, pieces, formula, request.properties);
    else
      for (let start = 0; start < pieces.length; start += PIECES_PER_TRANSACTION) {
        // PGlite answers without a turn of the event loop: let waiting requests in between chunks.
        if (start > 0) await new Promise((resolve) => setImmediate(resolve));
        await db.transaction(async (tx) => {
          for (const [offset, piece] of pieces.slice(start, start + PIECES_PER_TRANSACTION).entries()) {
            const pieceId = await insertPiece(tx, member.workspaceId, send.id, piece, start + offset);
            await recordPieceLinks(
              tx,
              {
                appUrl: env.APP_URL,
                serverSecret,
                member,
                formula,
                status: 'printed-by-you',
                rowOf: (index) => request.properties[index]!,
              },
              pieceId,
              piece,
            );
          }
        });
      }
  } catch (error) {
    // Nothing of a half-made send stays: its links go with it (the pieces and codes cascade).
    await db
      .delete(offerLinks)
      .where(
        inArray(
          offerLinks.id,
          db
            .select({ id: mailShortCodes.offerLinkId })
            .from(mailShortCodes)
            .innerJoin(mailPieces, eq(mailPieces.id, mailShortCodes.pieceId))
            .where(eq(mailPieces.sendId, send.id)),
        ),
      );
    await db.delete(mailSends).where(eq(mailSends.id, send.id));
    throw error;
  }
  return {
    sendId: send.id,
    pieces: pieces.length,
    properties: pieces.reduce((sum, piece) => sum + piece.properties.length, 0),
    skipped,
  };
}

interface PieceContext {
  appUrl: string;
  serverSecret: string;
  member: Pick<WorkspaceMember, 'workspaceId' | 'userId'>;
  formula: ReturnType<typeof namedFormula>;
  status: 'printed-by-you' | 'verified';
  /** The row a planned property came from, by its index in the request. */
  rowOf: (index: number) => MailRow;
}

async function insertPiece(
  tx: Transaction,
  workspaceId: string,
  sendId: string,
  piece: PlannedPiece,
  position: number,
) {
  const [row] = await tx
    .insert(mailPieces)
    .values({
      workspaceId,
      sendId,
      position,
      ownerName: piece.ownerName,
      mailingAddress: piece.mailingAddress,
      mailingAddressKey: piece.mailingAddressKey,
      format: piece.format,
      status: 'printed-by-you',
    })
    .returning({ id: mailPieces.id });
  if (!row) throw new Error('mail_pieces insert returned no row');
  return row.id;
}

/**
 * A Lob send's pieces, stored 'preparing' with what their links will be made from, a few hundred
 * rows a statement with a turn of the event loop between (the request answers at once; the worker
 * verifies and prepares each piece).
 */
async function storePreparingPieces(
  db: AppContext['database']['db'],
  workspaceId: string,
  sendId: string,
  pieces: PlannedPiece[],
  formula: ReturnType<typeof namedFormula>,
  rows: MailRow[],
) {
  for (let start = 0; start < pieces.length; start += PREPARING_PIECES_PER_INSERT) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    await db.insert(mailPieces).values(
      pieces.slice(start, start + PREPARING_PIECES_PER_INSERT).map((piece, offset) => ({
        workspaceId,
        sendId,
        position: start + offset,
        ownerName: piece.ownerName,
        mailingAddress: piece.mailingAddress,
        mailingAddressKey: piece.mailingAddressKey,
        format: piece.format,
        status: 'preparing' as const,
        plan: {
          ...(piece.email && { email: piece.email }),
          formula,
          properties: piece.properties,
          rows: piece.properties.map((property) => rows[property.index]!),
        },
      })),
    );
  }
}

/**
 * A Lob send's piece whose address Lob verified: its offer links, short codes and prospects are
 * made now, in the worker's transaction that marks it 'verified' (prepare-lob-pieces.ts).
 */
export async function recordPreparedPiece(
  tx: Transaction,
  context: Pick<PieceContext, 'appUrl' | 'serverSecret' | 'member'>,
  piece: Pick<PlannedPiece, 'ownerName' | 'mailingAddress' | 'mailingAddressKey' | 'format'> & {
    id: string;
    plan: StoredPiecePlan;
  },
) {
  const { plan } = piece;
  const rowByIndex = new Map(plan.properties.map((property, position) => [property.index, plan.rows[position]!]));
  await recordPieceLinks(
    tx,
    { ...context, formula: plan.formula, status: 'verified', rowOf: (index) => rowByIndex.get(index)! },
    piece.id,
    { ...piece, email: plan.email, properties: plan.properties },
  );
}

/**
 * One piece's offer links and short codes, one per property, and its owners' prospects. A piece
 * printed by the member is mailed now: its prospects' "mailed" touch is recorded and its owner
 * enrolled in the sequence by mail, in the same transaction.
 */
async function recordPieceLinks(tx: Transaction, context: PieceContext, pieceId: string, piece: PlannedPiece) {
  const { workspaceId, userId } = context.member;
  const prospectIds = await storePieceProspects(tx, context, piece);
  let firstLink: { id: string; url: string; address: string } | null = null;
  for (const [propertyPosition, property] of piece.properties.entries()) {
    const link = await insertOfferLink(tx, context.appUrl, {
      workspaceId,
      userId,
      source: 'mail',
      offer: {
        address: property.address,
        marketValue: property.marketValue,
        repairs: property.totalRepairCost > 0 ? [{ name: 'Repairs', cost: property.totalRepairCost }] : [],
        totalRepairCost: property.totalRepairCost,
        templateName: context.formula.name,
        offerRange: property.offerRange,
        formula: context.formula,
      },
      recipient: { name: piece.ownerName, email: piece.email ?? null },
    });
    firstLink ??= { id: link.id, url: link.url, address: property.address };
    // 50 random bits: a second code like one of the stored is all but impossible; then draw again.
    for (;;) {
      const code = createShortCode();
      const [stored] = await tx
        .insert(mailShortCodes)
        .values({
          workspaceId,
          codeDigest: shortCodeDigest(context.serverSecret, code),
          sealed: sealShortCode(context.serverSecret, { code, token: link.token }),
          pieceId,
          position: propertyPosition,
          offerLinkId: link.id,
          prospectId: prospectIds[propertyPosition],
        })
        .onConflictDoNothing({ target: mailShortCodes.codeDigest })
        .returning({ id: mailShortCodes.id });
      if (stored) break;
    }
  }
  if (context.status === 'printed-by-you') {
    const at = new Date();
    await touchProspects(tx, workspaceId, new Set(prospectIds), {
      kind: 'mailed',
      at,
      actorUserId: userId,
      detail: mailingAddressLine(piece.mailingAddress),
    });
    // A Lob piece's owner is enrolled when Lob has it (lob-mail-worker.ts).
    await enrolMailFollowUp(tx, {
      workspaceId,
      senderUserId: userId,
      piece: { ...piece, id: pieceId, offerLink: firstLink! },
      at,
    });
  }
}

/**
 * The prospect of each of a piece's properties, in their order: each owner and property becomes
 * (or is found as, by the key bulk sends use) a prospect of the workspace.
 */
async function storePieceProspects(tx: Transaction, context: PieceContext, piece: PlannedPiece): Promise<string[]> {
  const owners = new Map<string, ProspectFields & { sent: SentOffer }>();
  const keys = piece.properties.map((property) => {
    const owner = prospectOfRow(context.rowOf(property.index));
    const known = owners.get(owner.key);
    const sent: SentOffer = {
      jobId: null,
      low: property.offerRange.low,
      high: property.offerRange.high,
      marketValue: property.marketValue,
      templateName: context.formula.name,
    };
    owners.set(owner.key, { ...(known ? mergeProspectFields(known, owner) : owner), sent });
    return owner.key;
  });
  const { idByKey } = await storeProspects(tx, context.member.workspaceId, [...owners.values()]);
  return keys.map((key) => idByKey.get(key)!);
}
