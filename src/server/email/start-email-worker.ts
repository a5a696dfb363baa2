import type { DatabaseConnection } from '../db/database';
import { listenForWakeUps } from '../db/listen-for-wake-ups';
import { startWorkerLoop, type WorkerLoop } from '../db/worker-loop';
import { deliverDueEmails } from './deliver-due-emails';
import { EMAIL_OUTBOX_CHANNEL } from './enqueue-email';
import type { EmailTransport } from './email-transport';

/** Its wake looks for due messages now (also done on every NOTIFY from enqueueEmail and every poll); its stop waits for the delivery in progress. */
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
    // Keep going while full batches come back: there may be more due.
    pass: async (worker) => {
      while (!worker.stopped() && (await deliverDueEmails({ db: database.db, transport, claimMs })).claimed > 0) {
        // next batch
      }
    },
    wakeUps: (wake) => listenForWakeUps(database, EMAIL_OUTBOX_CHANNEL, wake, 'email worker'),
    onError: (error) => console.error('email worker: could not read the outbox', error),
  });
}
