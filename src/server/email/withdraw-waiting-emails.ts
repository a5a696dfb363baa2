import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import { emailOutbox } from '../db/schema';

/**
 * Withdraws the e-mails of `purpose` still waiting for their first attempt to a recipient who has
 * just unsubscribed (a deal's later e-mails wait hours for the proven buyers' first look): they
 * are marked failed with the reason, never sent. Answers how many were withdrawn.
 */
export async function withdrawWaitingEmails(
  tx: Pick<Transaction, 'update'>,
  { recipientKeys, purpose }: { recipientKeys: string[]; purpose: string },
): Promise<number> {
  const withdrawn = await tx
    .update(emailOutbox)
    .set({ status: 'failed', lastError: 'recipient unsubscribed before it was due' })
    .where(
      and(
        inArray(emailOutbox.recipientKey, recipientKeys),
        eq(emailOutbox.purpose, purpose),
        eq(emailOutbox.status, 'pending'),
        eq(emailOutbox.attempts, 0),
      ),
    )
    .returning({ id: emailOutbox.id });
  return withdrawn.length;
}
