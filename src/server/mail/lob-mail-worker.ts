import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { postalAddressParts } from '#domain/mail/lob-settings.ts';
import { offerPageUrl } from '#domain/offer/offer-token.ts';
import type { DatabaseConnection, Transaction } from '../db/database';
import { listenForWakeUps } from '../db/listen-for-wake-ups';
import { followUpTouches, mailPieces, mailSends, mailShortCodes, offerLinks } from '../db/schema';
import { startWorkerLoop, type WorkerLoop, type WorkerPass } from '../db/worker-loop';
import { describeErrorForLog } from '../http/describe-error-for-log';
import { createSettingsCipher } from '../integrations/settings-cipher';
import { logger } from '../observability/logger';
import { readWholesaler } from '../profile/read-wholesaler';
import { LOB_MAIL_CHANNEL } from './create-lob-send';
import { enrolMailFollowUp } from './enrol-mail-follow-up';
import { createLobClient, LobRequestError, type LobClient } from './lob-client';
import { lobFileLink } from './lob-file-link';
import { LOB_MAX_ATTEMPTS, lobBackoffMs, takeLobTurn } from './lob-pacing';
import { readLobSettings } from './lob-settings-store';
import { mailingAddressLine, touchPieceProspects } from './piece-prospects';
import { prepareDueLobPieces } from './prepare-lob-pieces';
import { openShortCode } from './short-code-seal';

/** Pieces claimed at once by one worker. */
const CLAIM_BATCH = 20;

export interface LobMailWorkerOptions {
  database: DatabaseConnection;
  appUrl: string;
  lobApiUrl: string;
  serverSecret: string;
  /** How long a claimed piece is this worker's: past it (the process died) another worker takes it again. */
  claimMs?: number;
  /** Batches of pieces to take in this call (the worker loop alternates with preparing); all that are due by default. */
  batches?: number;
  /** Tests only: runs between Lob's answer and the status write (a throw there is a crash at that point). */
  afterLobCall?: (pieceId: string) => Promise<void>;
}

/**
 * Claims due queued pieces (FOR UPDATE SKIP LOCKED, so two processes never take the same) until
 * claimedUntil, counting the attempt. A piece whose claim lapsed (its worker died between Lob's
 * answer and the status write) is due again: its idempotency key makes Lob answer the same piece.
 */
async function claimDuePieces(database: DatabaseConnection, claimMs: number) {
  return database.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailPieces.id })
      .from(mailPieces)
      .where(
        and(
          eq(mailPieces.status, 'queued'),
          lte(mailPieces.nextAttemptAt, sql`now()`),
          or(isNull(mailPieces.claimedUntil), lte(mailPieces.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailPieces.nextAttemptAt))
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailPieces)
      .set({
        claimedUntil: sql`now() + (${claimMs}::double precision * interval '1 millisecond')`,
        attempts: sql`${mailPieces.attempts} + 1`,
      })
      .where(
        inArray(
          mailPieces.id,
          due.map((piece) => piece.id),
        ),
      )
      .returning();
  });
}

type ClaimedPiece = Awaited<ReturnType<typeof claimDuePieces>>[number];

/** Who mails a send's pieces: the workspace's Lob client and the sender's return address. */
interface Sender {
  /** The member whose send it is (null: the send is gone). */
  userId: string | null;
  client: LobClient | null;
  from: NonNullable<ReturnType<typeof postalAddressParts>> | null;
  fromName: string;
  company?: string;
}

/**
 * One pass of the Lob mail queue: every due piece goes to Lob with its idempotency key, paced under
 * Lob's limit per workspace; Lob's id marks it mailed. A 429 or 5xx puts it back with a backoff; a
 * refusal (bad address, bad key) marks it failed with Lob's message. Answers how many it handled.
 */
export async function mailDueLobPieces(options: LobMailWorkerOptions, worker?: WorkerPass): Promise<number> {
  const { database, claimMs = 5 * 60_000, batches = Infinity } = options;
  const { db } = database;
  const cipher = createSettingsCipher(options.serverSecret);
  const senders = new Map<string, Sender>();
  let handled = 0;
  for (let batch = 0; batch < batches && !worker?.stopped(); batch++) {
    const pieces = await claimDuePieces(database, claimMs);
    if (pieces.length === 0) return handled;
    for (const piece of pieces) {
      if (worker?.stopped()) {
        await db.update(mailPieces).set({ claimedUntil: null }).where(eq(mailPieces.id, piece.id));
        continue;
      }
      await mailOne(piece);
      handled += 1;
    }
  }
  return handled;

  async function senderOf(piece: ClaimedPiece) {
    const cached = senders.get(piece.sendId);
    if (cached) return cached;
    const [send] = await db.select({ userId: mailSends.userId }).from(mailSends).where(eq(mailSends.id, piece.sendId));
    const settings = await readLobSettings(db, cipher, piece.workspaceId);
    const wholesaler = send ? await readWholesaler(db, { workspaceId: piece.workspaceId, userId: send.userId }) : null;
    const from = wholesaler ? postalAddressParts(wholesaler.postalAddress) : null;
    const sender: Sender = {
      userId: send?.userId ?? null,
      client: settings.apiKey ? createLobClient(options.lobApiUrl, settings.apiKey) : null,
      from,
      fromName: wholesaler?.displayName ?? '',
      company: wholesaler?.company || undefined,
    };
    senders.set(piece.sendId, sender);
    return sender;
  }

  /**
   * The owner of a send's piece now mailed enters the sequence by mail (issue 41); a piece a
   * sequence's own step made (a follow-up touch names it) enrols no one again.
   */
  async function enrolOwnerOf(tx: Transaction, piece: ClaimedPiece, senderUserId: string | null, at: Date) {
    if (!senderUserId) return;
    const [step] = await tx
      .select({ id: followUpTouches.id })
      .from(followUpTouches)
      .where(eq(followUpTouches.mailPieceId, piece.id))
      .limit(1);
    if (step) return;
    const [first] = await tx
      .select({ sealed: mailShortCodes.sealed, id: offerLinks.id, address: offerLinks.address })
      .from(mailShortCodes)
      .innerJoin(offerLinks, eq(offerLinks.id, mailShortCodes.offerLinkId))
      .where(eq(mailShortCodes.pieceId, piece.id))
      .orderBy(asc(mailShortCodes.position))
      .limit(1);
    if (!first) return;
    const { token } = openShortCode(options.serverSecret, first.sealed);
    await enrolMailFollowUp(tx, {
      workspaceId: piece.workspaceId,
      senderUserId,
      piece: {
        ...piece,
        offerLink: { id: first.id, address: first.address, url: offerPageUrl(options.appUrl, token) },
      },
      at,
    });
  }

  async function fail(piece: ClaimedPiece, error: string) {
    await db
      .update(mailPieces)
      .set({ status: 'failed', error, claimedUntil: null })
      .where(and(eq(mailPieces.id, piece.id), eq(mailPieces.status, 'queued')));
  }

  async function mailOne(piece: ClaimedPiece) {
    const sender = await senderOf(piece);
    if (!sender.client) return fail(piece, 'The workspace no longer has a Lob key');
    if (!sender.from) return fail(piece, 'The sender’s postal address is not a street, city, state and ZIP');
    const turn = await takeLobTurn(db, piece.workspaceId, worker?.sleep, worker?.stopped);
    if (!turn) {
      await db.update(mailPieces).set({ claimedUntil: null }).where(eq(mailPieces.id, piece.id));
      return;
    }
    let lobId: string;
    try {
      ({ id: lobId } = await sender.client.createPiece({
        format: piece.format,
        to: { name: piece.ownerName, ...piece.mailingAddress },
        from: { name: sender.fromName, company: sender.company, ...sender.from },
        fileUrl: lobFileLink(options.appUrl, options.serverSecret, piece.id),
        description: `Offer ${piece.id}`,
        idempotencyKey: piece.idempotencyKey,
      }));
    } catch (error) {
      if (!(error instanceof LobRequestError)) throw error;
      if (!error.retryable || piece.attempts >= LOB_MAX_ATTEMPTS) return fail(piece, error.message.slice(0, 500));
      const wait = Math.max(error.retryAfterMs ?? 0, lobBackoffMs(piece.attempts));
      await db
        .update(mailPieces)
        .set({
          nextAttemptAt: sql`now() + (${wait}::double precision * interval '1 millisecond')`,
          claimedUntil: null,
          error: error.message.slice(0, 500),
        })
        .where(eq(mailPieces.id, piece.id));
      return;
    }
    await options.afterLobCall?.(piece.id);
    await db.transaction(async (tx) => {
      const [mailed] = await tx
        .update(mailPieces)
        .set({ status: 'mailed', lobId, claimedUntil: null, error: null })
        .where(and(eq(mailPieces.id, piece.id), eq(mailPieces.status, 'queued')))
        .returning({ id: mailPieces.id });
      // Once per piece: a second worker's update of a piece already mailed finds it no longer queued.
      if (!mailed) return;
      const at = new Date();
      await touchPieceProspects(tx, piece.workspaceId, piece.id, {
        kind: 'mailed',
        at,
        detail: mailingAddressLine(piece.mailingAddress),
      });
      await enrolOwnerOf(tx, piece, sender.userId, at);
    });
  }
}

/**
 * The Lob mail queue in the background (main.ts): a pass on every NOTIFY of a send stored or
 * confirmed, and every poll (pieces backing off fall due, claims of a dead process lapse). Any
 * number of processes. Preparing (verifying a send's addresses, making its links) and mailing take
 * turns a batch each, so that a large send being verified does not hold up pieces confirmed meanwhile.
 */
export function startLobMailWorker(options: LobMailWorkerOptions & { pollIntervalMs?: number }): WorkerLoop {
  return startWorkerLoop({
    pollIntervalMs: options.pollIntervalMs ?? 10_000,
    pass: async (worker) => {
      while (!worker.stopped()) {
        const prepared = await prepareDueLobPieces({ ...options, batches: 1 }, worker);
        const mailed = await mailDueLobPieces({ ...options, batches: 1 }, worker);
        if (prepared === 0 && mailed === 0) return;
      }
    },
    wakeUps: (wake) => listenForWakeUps(options.database, LOB_MAIL_CHANNEL, wake, 'Lob mail worker'),
    onError: (error) => logger.error({ error: describeErrorForLog(error) }, 'Lob mail worker pass failed'),
  });
}
