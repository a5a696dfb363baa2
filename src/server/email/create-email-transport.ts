import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env';
import { logger } from '../observability/logger';
import type { EmailTransport } from './email-transport';
import { createOutboxLogTransport } from './outbox-log-transport';
import { createResendTransport } from './resend-transport';

/**
 * Resend when RESEND_API_KEY is set; otherwise the built-in outbox, which writes each message to a
 * file under DATA_DIR/outbox and logs only which file: no address, token or subject reaches the log.
 * The file holds its subject and its links (not its body): locally with its recipient and whole
 * links, so a person running the app can follow them; in production (where env.ts allows it only
 * with EMAIL_OUTBOX_LOG=1) without its recipient and with its links' tokens redacted.
 */
export function createEmailTransport(
  env: Pick<Env, 'RESEND_API_KEY' | 'RESEND_API_URL' | 'production' | 'DATA_DIR'>,
): EmailTransport {
  if (env.RESEND_API_KEY) return createResendTransport({ apiUrl: env.RESEND_API_URL, apiKey: env.RESEND_API_KEY });
  const folder = path.resolve(env.DATA_DIR, 'outbox');
  return createOutboxLogTransport(
    async (text, message) => {
      await mkdir(folder, { recursive: true });
      // The outbox row's id: a uuid, safe as a file name.
      const file = path.join(folder, `${message.id}.txt`);
      await writeFile(file, `${text}\n`);
      logger.info(`[email outbox] e-mail ${message.id} kept in ${file} (no e-mail provider configured)`);
    },
    { redactTokens: env.production },
  );
}
