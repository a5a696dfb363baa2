import { sql } from 'drizzle-orm';
import { isLobTestKey } from '#domain/mail/lob-settings.ts';
import { mailSends } from '../db/schema';
import type { FollowUpMailer } from '../follow-ups/run-due-follow-ups';
import { createSettingsCipher } from '../integrations/settings-cipher';
import { addFollowUpPiece } from './add-follow-up-piece';
import { LOB_CAP_LOCK_CLASS, LOB_MAIL_CHANNEL, piecesMailedThisMonth } from './create-lob-send';
import { readLobSettings } from './lob-settings-store';

/**
 * How a sequence's letter or postcard step is mailed (issue 41): through the workspace's Lob key
 * when it has one, as a one-piece send confirmed at once (the member confirmed the sequence's
 * sends; the monthly piece cap still holds, under the cap's lock: past it the step waits for the
 * next month), its piece queued for the Lob worker with its own idempotency key; without a key,
 * left for the day's "print these today" run.
 */
export function createFollowUpMailer({ serverSecret }: { serverSecret: string }): FollowUpMailer {
  const cipher = createSettingsCipher(serverSecret);
  return async (tx, { followUp, kind, touchId, now }) => {
    const settings = await readLobSettings(tx, cipher, followUp.workspaceId);
    if (!settings.apiKey) return 'to-print';
    await tx.execute(sql`select pg_advisory_xact_lock(${LOB_CAP_LOCK_CLASS}, hashtext(${followUp.workspaceId}))`);
    if ((await piecesMailedThisMonth(tx, followUp.workspaceId)) + 1 > settings.monthlyPieceCap)
      return { retryAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 15)) };
    const [send] = await tx
      .insert(mailSends)
      .values({
        workspaceId: followUp.workspaceId,
        userId: followUp.senderUserId,
        format: kind,
        pieces: 1,
        channel: 'lob',
        pricePerPieceCents: settings.pricePerPieceCents,
        testMode: isLobTestKey(settings.apiKey),
        confirmedAt: sql`now()`,
      })
      .returning({ id: mailSends.id });
    if (!send) throw new Error('mail_sends insert returned no row');
    await addFollowUpPiece(tx, {
      serverSecret,
      sendId: send.id,
      position: 0,
      followUp,
      kind,
      touchId,
      status: 'queued',
      now,
    });
    await tx.execute(sql`select pg_notify(${LOB_MAIL_CHANNEL}, ${send.id})`);
    return 'queued';
  };
}
