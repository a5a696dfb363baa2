import { sql } from 'drizzle-orm';
import type { Database, DatabaseConnection } from '../db/database';
import { emailOutbox } from '../db/schema';
import type { Env } from '../env';
import { currentRequestId } from '../observability/request-context';
import type { EmailMessage } from './email-message';

/** The channel the e-mail worker listens on, so a new message goes out at once. */
export const EMAIL_OUTBOX_CHANNEL = 'email_outbox';

/**
 * Writes the message to email_outbox (status pending); the e-mail worker then sends it
 * (src/server/email/start-email-worker.ts). Pass a transaction as `db` to make the message
 * part of it: it is sent only if the transaction commits.
 */
export async function enqueueEmail(
  db: Pick<Database, 'insert' | 'execute'>,
  message: EmailMessage & {
    from: string;
    /** When it may go out (bulk sends are paced); default now. */
    sendAt?: Date;
    /** The bulk-send item this message is for: unique, so an owner never gets a second copy. */
    bulkSendItemId?: string;
    /** For a user's e-mail to someone else (sendToThirdParty): who, why, and the recipient as suppressions compare it. */
    senderUserId?: string;
    purpose?: string;
    recipientKey?: string;
  },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: message.to,
      fromAddress: message.from,
      replyTo: message.replyTo ?? null,
      headers: message.headers && Object.keys(message.headers).length > 0 ? oneLineHeaders(message.headers) : null,
      subject: message.subject,
      html: message.html,
      text: message.text,
      // The worker compares due times with this process's clock (deliverDueEmails), not the
      // database's, whose microseconds would make a message enqueued this millisecond not due yet.
      nextAttemptAt: message.sendAt ?? new Date(),
      bulkSendItemId: message.bulkSendItemId ?? null,
      senderUserId: message.senderUserId ?? null,
      purpose: message.purpose ?? null,
      recipientKey: message.recipientKey ?? null,
      requestId: currentRequestId(),
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('email_outbox insert returned no row');
  // Delivered to listeners when the surrounding transaction (if any) commits.
  await db.execute(sql`select pg_notify(${EMAIL_OUTBOX_CHANNEL}, ${row.id})`);
  return row;
}

/**
 * Wakes the e-mail worker of every process (a NOTIFY on the outbox channel), so messages already in
 * the outbox that fell due (a paced bulk e-mail) or were given back (releaseEmailClaims) go out now.
 */
export async function wakeEmailWorkers(db: Pick<Database, 'execute'>): Promise<void> {
  await db.execute(sql`select pg_notify(${EMAIL_OUTBOX_CHANNEL}, '')`);
}

/** Refuses a header whose name or value could start another header (a CR or LF inside). */
function oneLineHeaders(headers: Record<string, string>): Record<string, string> {
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[A-Za-z0-9-]+$/.test(name) || /[\r\n]/.test(value)) throw new Error(`e-mail header ${name} is not one line`);
  }
  return headers;
}

/** Enqueues a message from the configured sender (EMAIL_FROM). */
export function sendEmail(
  context: { env: Pick<Env, 'EMAIL_FROM'>; database: Pick<DatabaseConnection, 'db'> },
  message: EmailMessage,
): Promise<{ id: string }> {
  return enqueueEmail(context.database.db, { ...message, from: context.env.EMAIL_FROM });
}
