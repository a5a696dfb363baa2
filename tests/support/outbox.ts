import { and, eq, ne } from 'drizzle-orm';
import { EMAIL_VERIFICATION_SUBJECT } from '#server/auth/email-verification-email.ts';
import { emailOutbox } from '#server/db/schema.ts';

/**
 * Every e-mail and password sign-up mails its address the verification link (issue 42 §6). A test
 * that counts or reads what else was mailed leaves that message out, by name, with this condition.
 */
export const notTheVerificationLink = ne(emailOutbox.subject, EMAIL_VERIFICATION_SUBJECT);

/** Outbox rows to `address`, but the verification link its sign-up (or a request) mailed. */
export const mailedTo = (address: string) => and(eq(emailOutbox.toAddress, address), notTheVerificationLink);
