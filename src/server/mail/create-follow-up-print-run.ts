import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { FOLLOW_UP_MAIL_KINDS } from '#domain/follow-ups/sequence.ts';
import type { AppContext } from '../app-context';
import { followUps, followUpTouches, leads, mailSends } from '../db/schema';
import { followUpsVisibleTo, type LeadReader } from '../db/workspace-scope';
import { stopFollowUps } from '../follow-ups/stop-follow-ups';
import { Refusal } from '../http/refusal';
import { addFollowUpPiece } from './add-follow-up-piece';
import { suppressedMailingAddresses } from './create-mail-send';

export const followUpPrintRunMessages = {
  nothingToPrint: 'Nothing to print today: no letter or postcard of a follow-up is due',
} as const;

/** Pieces in one print run: a day's mail of a busy workspace; the rest are in the next run. */
export const MAX_FOLLOW_UP_PRINT_RUN = 2_000;

/**
 * "Print these today" (issue 41): every letter and postcard step of the member's sequences by mail
 * (the ones they see, as the Today list shows them) that fell due and is not printed yet becomes
 * one print send, its pieces in envelope order (ZIP), each marked "printed by you" and its step
 * done, in one transaction. The steps are locked (FOR UPDATE SKIP LOCKED): two runs at once never
 * print one step twice. A step whose mailing address went on the do-not-mail list since stops its
 * sequence instead. Answers the send, whose PDF and CSV are read as any print run's.
 */
export async function createFollowUpPrintRun(
  { database, serverSecret }: Pick<AppContext, 'database' | 'serverSecret'>,
  member: LeadReader,
  now: Date,
) {
  return database.db.transaction(async (tx) => {
    const due = await tx
      .select({ touchId: followUpTouches.id, kind: followUpTouches.kind, followUp: followUps })
      .from(followUpTouches)
      .innerJoin(followUps, eq(followUps.id, followUpTouches.followUpId))
      .leftJoin(leads, eq(leads.id, followUps.leadId))
      .where(
        and(
          followUpsVisibleTo(member),
          inArray(followUpTouches.kind, [...FOLLOW_UP_MAIL_KINDS]),
          isNull(followUpTouches.doneAt),
          isNull(followUpTouches.mailPieceId),
          // The last step finishes its sequence when it is taken: its piece is still to print.
          or(eq(followUps.status, 'active'), eq(followUps.stopReason, 'finished')),
        ),
      )
      .orderBy(asc(followUpTouches.dueAt), asc(followUpTouches.id))
      .limit(MAX_FOLLOW_UP_PRINT_RUN)
      .for('update', { of: followUpTouches, skipLocked: true });
    const suppressed = await suppressedMailingAddresses(
      tx,
      member.workspaceId,
      due.map((step) => step.followUp.mailingAddressKey ?? ''),
    );
    const printable = [];
    for (const step of due) {
      if (!suppressed.has(step.followUp.mailingAddressKey ?? '')) {
        printable.push(step);
        continue;
      }
      await tx.update(followUpTouches).set({ doneAt: now }).where(eq(followUpTouches.id, step.touchId));
      await stopFollowUps(tx, { id: step.followUp.id, workspaceId: member.workspaceId }, 'do-not-mail', { at: now });
    }
    if (printable.length === 0)
      throw new Refusal(422, followUpPrintRunMessages.nothingToPrint, { code: 'nothing-to-print' });
    // Envelope order: by ZIP, then street.
    printable.sort(
      (a, b) =>
        a.followUp.mailingAddress!.zip.localeCompare(b.followUp.mailingAddress!.zip) ||
        a.followUp.mailingAddress!.street.localeCompare(b.followUp.mailingAddress!.street),
    );
    const [send] = await tx
      .insert(mailSends)
      .values({
        workspaceId: member.workspaceId,
        userId: member.userId,
        format: printable.every((step) => step.kind === 'postcard') ? 'postcard' : 'letter',
        pieces: printable.length,
      })
      .returning({ id: mailSends.id });
    if (!send) throw new Error('mail_sends insert returned no row');
    for (const [position, step] of printable.entries()) {
      await addFollowUpPiece(tx, {
        serverSecret,
        sendId: send.id,
        position,
        followUp: step.followUp,
        kind: step.kind === 'letter' ? 'letter' : 'postcard',
        touchId: step.touchId,
        status: 'printed-by-you',
        now,
        actorUserId: member.userId,
      });
    }
    return { sendId: send.id, pieces: printable.length };
  });
}
