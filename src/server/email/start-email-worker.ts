import type { DatabaseConnection } from '../db/database';
import { listenForWakeUps } from '../db/listen-for-wake-ups';
import { deliverDueEmails } from './deliver-due-emails';
import { EMAIL_OUTBOX_CHANNEL } from './enqueue-email';
import type { EmailTransport } from './email-transport';

export interface EmailWorker {
  /** Looks for due messages now (also done on every NOTIFY from enqueueEmail and every poll). */
  wake(): void;
  /** Stops polling and listening, and waits for the delivery in progress. */
  stop(): Promise<void>;
}

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
  let stopped = false;
  let running: Promise<void> | undefined;
  let wokenWhileRunning = false;

  const run = async () => {
    do {
      wokenWhileRunning = false;
      try {
        // Keep going while full batches come back: there may be more due.
        while (!stopped && (await deliverDueEmails({ db: database.db, transport, claimMs })).claimed > 0) {
          // next batch
        }
      } catch (error) {
        console.error('email worker: could not read the outbox', error);
      }
    } while (wokenWhileRunning && !stopped);
  };

  const wake = () => {
    if (stopped) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    running = run().finally(() => {
      running = undefined;
    });
  };

  const timer = setInterval(wake, pollIntervalMs);
  timer.unref();
  wake();
  const unlisten = listenForWakeUps(database, EMAIL_OUTBOX_CHANNEL, wake, 'email worker');

  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await (
        await unlisten
      )?.();
      await running;
    },
  };
}
