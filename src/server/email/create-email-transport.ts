import type { Env } from '../env';
import type { EmailTransport } from './email-transport';
import { createOutboxLogTransport } from './outbox-log-transport';
import { createResendTransport } from './resend-transport';

/**
 * Resend when RESEND_API_KEY is set; otherwise the built-in outbox, which prints messages to the
 * log, their links' tokens redacted in production (where env.ts allows it only with EMAIL_OUTBOX_LOG=1).
 */
export function createEmailTransport(
  env: Pick<Env, 'RESEND_API_KEY' | 'RESEND_API_URL' | 'production'>,
): EmailTransport {
  return env.RESEND_API_KEY
    ? createResendTransport({ apiUrl: env.RESEND_API_URL, apiKey: env.RESEND_API_KEY })
    : createOutboxLogTransport(undefined, { redactTokens: env.production });
}
