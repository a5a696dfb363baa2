import { asc, eq, sql } from 'drizzle-orm';
import type { FollowUpMailKind } from '#domain/follow-ups/sequence.ts';
import { pieceFormat } from '#domain/mail/mail-piece-content.ts';
import type { Transaction } from '../db/database';
import type { followUps } from '../db/schema';
import { followUpTouches, mailPieces, mailShortCodes } from '../db/schema';
import { mailingAddressLine, touchProspects } from './piece-prospects';
import { createShortCode, openShortCode, sealShortCode, shortCodeDigest } from './short-code-seal';

type FollowUp = typeof followUps.$inferSelect;

/**
 * The piece of a sequence's letter or postcard step (issue 41), in send `sendId` at `position`:
 * the owner's offers of the piece that started the sequence, each with a new short code opening
 * the same offer page (and touching the same prospect). The step's touch is done with it. A piece
 * printed by the member touches its prospects 'mailed' now; a Lob piece when Lob has it.
 */
export async function addFollowUpPiece(
  tx: Transaction,
  {
    serverSecret,
    sendId,
    position,
    followUp,
    kind,
    touchId,
    status,
    now,
    actorUserId = null,
  }: {
    serverSecret: string;
    sendId: string;
    position: number;
    followUp: FollowUp;
    kind: FollowUpMailKind;
    touchId: string;
    status: 'printed-by-you' | 'queued';
    now: Date;
    actorUserId?: string | null;
  },
): Promise<string> {
  if (!followUp.mailPieceId || !followUp.mailingAddress || !followUp.mailingAddressKey)
    throw new Error(`follow-up ${followUp.id} is not a sequence by mail`);
  const codes = await tx
    .select()
    .from(mailShortCodes)
    .where(eq(mailShortCodes.pieceId, followUp.mailPieceId))
    .orderBy(asc(mailShortCodes.position));
  const [piece] = await tx
    .insert(mailPieces)
    .values({
      workspaceId: followUp.workspaceId,
      sendId,
      position,
      ownerName: followUp.recipientName,
      mailingAddress: followUp.mailingAddress,
      mailingAddressKey: followUp.mailingAddressKey,
      format: pieceFormat(kind, codes.length),
      status,
      nextAttemptAt: status === 'queued' ? sql`now()` : null,
    })
    .returning({ id: mailPieces.id });
  if (!piece) throw new Error('mail_pieces insert returned no row');
  for (const original of codes) {
    const { token } = openShortCode(serverSecret, original.sealed);
    // 50 random bits: a second code like one of the stored is all but impossible; then draw again.
    for (;;) {
      const code = createShortCode();
      const [stored] = await tx
        .insert(mailShortCodes)
        .values({
          workspaceId: followUp.workspaceId,
          codeDigest: shortCodeDigest(serverSecret, code),
          sealed: sealShortCode(serverSecret, { code, token }),
          pieceId: piece.id,
          position: original.position,
          offerLinkId: original.offerLinkId,
          prospectId: original.prospectId,
        })
        .onConflictDoNothing({ target: mailShortCodes.codeDigest })
        .returning({ id: mailShortCodes.id });
      if (stored) break;
    }
  }
  await tx
    .update(followUpTouches)
    .set({ mailPieceId: piece.id, doneAt: now, doneByUserId: actorUserId })
    .where(eq(followUpTouches.id, touchId));
  if (status === 'printed-by-you')
    await touchProspects(
      tx,
      followUp.workspaceId,
      new Set(codes.flatMap((code) => (code.prospectId ? [code.prospectId] : []))),
      { kind: 'mailed', at: now, actorUserId, detail: mailingAddressLine(followUp.mailingAddress) },
    );
  return piece.id;
}
