import { createHash } from 'node:crypto';
import { APIError } from 'better-auth/api';
import type { DatabaseConnection } from '../db/database';
import { sendEmail } from '../email/enqueue-email';
import type { Env } from '../env';
import type { RefusalCode } from '../http/refusal';
import { consumeRateLimit, tooManyAttemptsMessage } from '../rate-limit/consume-rate-limit';
import { emailVerificationEmail } from './email-verification-email';

/** How long a verification link works (Better Auth's emailVerification.expiresIn, in seconds). */
export const VERIFICATION_LINK_VALID_SECONDS = 24 * 60 * 60;

/**
 * Verification e-mails per address: 5 an hour. Anyone may register someone else's address, so
 * this bounds what the app mails to a stranger who never asked.
 */
export const VERIFICATION_EMAIL_LIMIT = { limit: 5, windowMs: 60 * 60_000 };

/**
 * Better Auth's emailVerification.sendVerificationEmail: puts the link to /api/auth/verify-email
 * in the outbox (sent by the e-mail worker like every other message), at most
 * VERIFICATION_EMAIL_LIMIT per address; beyond it, 429 with when to try again.
 */
export async function sendVerificationEmail(
  context: { env: Pick<Env, 'EMAIL_FROM'>; database: DatabaseConnection },
  { email, url, reason = 'asked' }: { email: string; url: string; reason?: 'sign-up' | 'asked' },
): Promise<void> {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
  const decision = await consumeRateLimit(context.database.db, {
    key: `verify-email:account:${digest}`,
    ...VERIFICATION_EMAIL_LIMIT,
  });
  if (!decision.allowed) {
    throw new APIError('TOO_MANY_REQUESTS', {
      code: 'too-many-verification-emails' satisfies RefusalCode,
      message: tooManyAttemptsMessage(decision.retryAfterMs),
    });
  }
  await sendEmail(
    context,
    emailVerificationEmail({ to: email, link: url, validForHours: VERIFICATION_LINK_VALID_SECONDS / 3600, reason }),
  );
}
