import type { DatabaseConnection } from '../db/database';
import { listenForWakeUps } from '../db/listen-for-wake-ups';
import { startWorkerLoop, type WorkerLoop } from '../db/worker-loop';
import { describeErrorForLog } from '../http/describe-error-for-log';
import { logger } from '../observability/logger';
import { deliverDueEmails } from './deliver-due-emails';
import type { EmailTransport } from './email-transport';
import { EMAIL_OUTBOX_CHANNEL, wakeEmailWorkers } from './enqueue-email';

/**
 * Its wake looks for due messages now (also done on every NOTIFY from enqueueEmail and every poll); its
 * stop waits for the send in progress, and the messages it had claimed and not tried yet are given back
 * to the outbox at once, due now, for another process.
 */
export type EmailWorker = WorkerLoop;

/**
 * Delivers the outbox in the background: at once when a message is enqueued (LISTEN on the
 * outbox channel, from any process), and every `pollIntervalMs` for retries that fall due.
 */
export function startEmailWorker({
  database,
  transport,
  pollIntervalMs = 5_000,
  claimMs,
}: {
  database: DatabaseConnection;
  transport: EmailTransport;
  pollIntervalMs?: number;
  /** How long a claimed message is left to this worker before another may take it (EMAIL_CLAIM_MS). */
  claimMs?: number;
}): EmailWorker {
  return startWorkerLoop({
    pollIntervalMs,
    // Keep going while batches come back: there may be more due.
    pass: async (worker) => {
      while (!worker.stopped()) {
        const report = await deliverDueEmails({ db: database.db, transport, claimMs, stopping: worker.stopped });
        // What it gave back is due now: another process's worker takes it at once.
        if (report.released > 0) await wakeEmailWorkers(database.db);
        if (report.claimed === 0) break;
      }
    },
    wakeUps: (wake) => listenForWakeUps(database, EMAIL_OUTBOX_CHANNEL, wake, 'email worker'),
    onError: (error) => logger.error({ error: describeErrorForLog(error) }, 'email worker: could not read the outbox'),
  });
}
