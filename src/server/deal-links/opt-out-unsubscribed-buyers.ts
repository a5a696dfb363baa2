import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import { buyers } from '../db/schema';
import { withdrawWaitingEmails } from '../email/withdraw-waiting-emails';

/**
 * An address unsubscribed (its link in a deal's e-mail, or any other): every buyer with that
 * e-mail, in every workspace, is opted out of deals (kept from when they first were), and the
 * deal e-mails still waiting for them (a first look's later ones) are withdrawn.
 */
export async function optOutUnsubscribedBuyers(tx: Transaction, recipientKey: string) {
  await tx
    .update(buyers)
    .set({ optedOutAt: new Date(), updatedAt: new Date() })
    .where(and(eq(buyers.emailKey, recipientKey), isNull(buyers.optedOutAt)));
  await withdrawWaitingEmails(tx, { recipientKeys: [recipientKey], purpose: 'deal-to-buyer' });
}
