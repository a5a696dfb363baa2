import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import { followUps, mailShortCodes } from '../db/schema';
import { stopFollowUps } from './stop-follow-ups';

/**
 * The homeowner answered (accepted, countered, asked about the programme): every sequence about
 * this offer or this lead stops, in the transaction that records the answer. A sequence of a bulk
 * offer learns its lead first, so the stop is written on the lead's history.
 */
export async function stopFollowUpsOnAnswer(
  tx: Transaction,
  { leadId, offerLinkId, at }: { leadId: string; offerLinkId: string | null; at: Date },
) {
  if (offerLinkId) {
    await tx
      .update(followUps)
      .set({ leadId })
      .where(
        and(
          // A sequence by mail follows every property of its piece: an answer to any of them stops it.
          or(
            eq(followUps.offerLinkId, offerLinkId),
            inArray(
              followUps.mailPieceId,
              tx
                .select({ pieceId: mailShortCodes.pieceId })
                .from(mailShortCodes)
                .where(eq(mailShortCodes.offerLinkId, offerLinkId)),
            ),
          ),
          isNull(followUps.leadId),
          eq(followUps.status, 'active'),
        ),
      );
  }
  return stopFollowUps(tx, { leadId }, 'answered', { at });
}
