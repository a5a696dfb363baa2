import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { lobMessages } from '#domain/mail/lob-settings.ts';
import type { DatabaseConnection } from '../db/database';
import { mailPieces, mailSends } from '../db/schema';
import type { WorkerPass } from '../db/worker-loop';
import { createSettingsCipher } from '../integrations/settings-cipher';
import { undeliverableReason } from './create-lob-send';
import { recordPreparedPiece } from './create-mail-send';
import { createLobClient, LobRequestError, type LobClient, type LobVerification } from './lob-client';
import { LOB_MAX_ATTEMPTS, lobBackoffMs, takeLobTurn } from './lob-pacing';
import { readLobSettings } from './lob-settings-store';

/** Preparing pieces claimed at once by one worker, and verified by Lob this many at a time. */
const CLAIM_BATCH = 20;
const VERIFY_CONCURRENCY = 4;

export interface PrepareLobPiecesOptions {
  database: DatabaseConnection;
  appUrl: string;
  lobApiUrl: string;
  serverSecret: string;
  /** How long a claimed piece is this worker's: past it (the process died) another worker takes it again. */
  claimMs?: number;
  /** Batches of pieces to take in this call (the worker loop alternates with mailing); all that are due by default. */
  batches?: number;
  /** Tests only: runs between Lob's verification and the piece's write (a throw there is a crash at that point). */
  afterVerify?: (pieceId: string) => Promise<void>;
}

/**
 * Claims preparing pieces whose claim is free or lapsed (FOR UPDATE SKIP LOCKED, so two processes
 * never take the same at once), the sends taking turns by position.
 */
async function claimPreparingPieces(database: DatabaseConnection, claimMs: number) {
  return database.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailPieces.id })
      .from(mailPieces)
      .where(
        and(
          eq(mailPieces.status, 'preparing'),
          or(isNull(mailPieces.claimedUntil), lte(mailPieces.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailPieces.position))
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailPieces)
      .set({ claimedUntil: sql`now() + (${claimMs}::double precision * interval '1 millisecond')` })
      .where(
        inArray(
          mailPieces.id,
          due.map((piece) => piece.id),
        ),
      )
      .returning();
  });
}

type ClaimedPiece = Awaited<ReturnType<typeof claimPreparingPieces>>[number];

/** What became of one piece's verification: Lob's judgement, a refusal to keep, or a wait. */
type Outcome =
  | { kind: 'verified'; verification: LobVerification }
  | { kind: 'failed'; error: string }
  | { kind: 'retry'; waitMs: number; error: string };

/**
 * The preparing pieces of Lob sends (issue 41), off the request that stored them: each mailing
 * address verified by Lob (paced in the workspace's window, as mailing is), then, in one
 * transaction that takes the piece only if it is still 'preparing' (so a piece is prepared once
 * across a crash and two processes), its offer links, short codes and prospects made and the piece
 * marked 'verified', or 'undeliverable' with Lob's word and taken off the send's count. A 429, 5xx
 * or no answer puts the piece back after a backoff; a refused key marks it 'failed'. Answers how
 * many pieces it prepared.
 */
export async function prepareDueLobPieces(options: PrepareLobPiecesOptions, worker?: WorkerPass): Promise<number> {
  const { database, claimMs = 5 * 60_000, batches = Infinity } = options;
  const { db } = database;
  const cipher = createSettingsCipher(options.serverSecret);
  const clients = new Map<string, LobClient | null>();
  let prepared = 0;
  for (let batch = 0; batch < batches && !worker?.stopped(); batch++) {
    const pieces = await claimPreparingPieces(database, claimMs);
    if (pieces.length === 0) break;
    const outcomes = new Map<string, Outcome>();
    let next = 0;
    const verifyNext = async (): Promise<void> => {
      const piece = pieces[next++];
      if (!piece) return;
      const outcome = await verify(piece);
      if (outcome) outcomes.set(piece.id, outcome);
      return verifyNext();
    };
    await Promise.all(Array.from({ length: VERIFY_CONCURRENCY }, verifyNext));
    for (const piece of pieces) {
      const outcome = outcomes.get(piece.id);
      if (!outcome) {
        // Stopped before its turn: free for the next worker at once.
        await db.update(mailPieces).set({ claimedUntil: null }).where(eq(mailPieces.id, piece.id));
        continue;
      }
      await options.afterVerify?.(piece.id);
      if (await settle(piece, outcome)) prepared += 1;
    }
  }
  return prepared;

  async function clientOf(workspaceId: string) {
    if (!clients.has(workspaceId)) {
      const settings = await readLobSettings(db, cipher, workspaceId);
      clients.set(workspaceId, settings.apiKey ? createLobClient(options.lobApiUrl, settings.apiKey) : null);
    }
    return clients.get(workspaceId) ?? null;
  }

  async function verify(piece: ClaimedPiece): Promise<Outcome | undefined> {
    const client = await clientOf(piece.workspaceId);
    if (!client) return { kind: 'failed', error: 'The workspace no longer has a Lob key' };
    const turn = await takeLobTurn(db, piece.workspaceId, worker?.sleep, worker?.stopped);
    if (!turn) return undefined;
    try {
      return { kind: 'verified', verification: await client.verify(piece.mailingAddress) };
    } catch (error) {
      if (!(error instanceof LobRequestError)) throw error;
      if (error.status === 401 || error.status === 403) return { kind: 'failed', error: lobMessages.lobRefusedKey };
      if (!error.retryable || piece.attempts + 1 >= LOB_MAX_ATTEMPTS)
        return { kind: 'failed', error: error.message.slice(0, 500) };
      return {
        kind: 'retry',
        waitMs: Math.max(error.retryAfterMs ?? 0, lobBackoffMs(piece.attempts + 1)),
        error: error.message.slice(0, 500),
      };
    }
  }

  /** Writes one piece's outcome; answers whether this call prepared it (false: another worker had, or a wait). */
  async function settle(piece: ClaimedPiece, outcome: Outcome): Promise<boolean> {
    if (outcome.kind === 'retry') {
      await db
        .update(mailPieces)
        .set({
          attempts: sql`${mailPieces.attempts} + 1`,
          claimedUntil: sql`now() + (${outcome.waitMs}::double precision * interval '1 millisecond')`,
          error: outcome.error,
        })
        .where(and(eq(mailPieces.id, piece.id), eq(mailPieces.status, 'preparing')));
      return false;
    }
    const deliverable = outcome.kind === 'verified' && outcome.verification.deliverable;
    return db.transaction(async (tx) => {
      // The piece's row lock: a second worker's write waits here, then finds it no longer preparing.
      const [taken] = await tx
        .update(mailPieces)
        .set({
          status: deliverable ? 'verified' : outcome.kind === 'failed' ? 'failed' : 'undeliverable',
          error: deliverable
            ? null
            : outcome.kind === 'failed'
              ? outcome.error
              : undeliverableReason(outcome.verification.deliverability),
          plan: null,
          claimedUntil: null,
          attempts: 0,
        })
        .where(and(eq(mailPieces.id, piece.id), eq(mailPieces.status, 'preparing')))
        .returning({ id: mailPieces.id });
      if (!taken) return false;
      if (!deliverable) {
        // The quote counts only what can be mailed.
        await tx
          .update(mailSends)
          .set({ pieces: sql`${mailSends.pieces} - 1` })
          .where(eq(mailSends.id, piece.sendId));
        return true;
      }
      const [send] = await tx
        .select({ userId: mailSends.userId })
        .from(mailSends)
        .where(eq(mailSends.id, piece.sendId));
      if (!send || !piece.plan) throw new Error(`preparing piece ${piece.id} has no send or no plan`);
      await recordPreparedPiece(
        tx,
        {
          appUrl: options.appUrl,
          serverSecret: options.serverSecret,
          member: { workspaceId: piece.workspaceId, userId: send.userId },
        },
        { ...piece, plan: piece.plan },
      );
      return true;
    });
  }
}
