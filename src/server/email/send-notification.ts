import { sendingPolicyMessages } from '#domain/email/sending-policy-messages.ts';
import { carriesLinkOrMarkup } from '#domain/email/typed-text-rules.ts';
import type { Database } from '../db/database';
import { enqueueEmail } from './enqueue-email';

/** Why the app tells one of its own users something: a new lead, to its assignee or to the operator; work given to a member. */
export type NotificationPurpose = 'lead-notification' | 'assignment-notification';

export interface Notification<Field extends string> {
  purpose: NotificationPurpose;
  /** A proven address: the assignee's (readWholesaler's notifyTo) or the operator's LEADS_EMAIL. */
  to: string;
  from: string;
  /**
   * Every text someone typed that the message carries, by field (a homeowner's address, name and
   * words): the composer gets each one back as it may be shown.
   */
  typedText: Record<Field, string>;
  /** Writes the message from the typed text as shown; its subject must carry none of it. */
  compose: (shown: Record<Field, string>) => { subject: string; html: string; text: string; replyTo?: string };
}

/**
 * The sending policy's door for the app's notices to its own users (decision 018; issue 37): the
 * words a homeowner or an anonymous visitor typed reach them only as plain text, by the rule every
 * e-mail to a third party is held to (carriesLinkOrMarkup). A typed field that carries a link, an
 * e-mail address or HTML is withheld from the message with a note saying so, never refused: the
 * lead is stored whole either way and the app shows it as text, so no lead goes untold. Queued in
 * the caller's transaction.
 */
export async function sendNotification<Field extends string>(
  tx: Pick<Database, 'insert' | 'execute'>,
  { purpose, to, from, typedText, compose }: Notification<Field>,
): Promise<{ id: string }> {
  const shown = Object.fromEntries(
    Object.entries<string>(typedText).map(([field, text]) => [
      field,
      carriesLinkOrMarkup(text) ? sendingPolicyMessages.withheld : text,
    ]),
  ) as Record<Field, string>;
  return enqueueEmail(tx, { ...compose(shown), to, from, purpose });
}
