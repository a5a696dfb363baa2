import { sql } from 'drizzle-orm';
import type { DatabaseConnection } from '../db/database';
import { listenForWakeUps } from '../db/listen-for-wake-ups';
import { deliverDueEmails } from './deliver-due-emails';
import { EMAIL_OUTBOX_CHANNEL } from './enqueue-email';
import type { EmailTransport } from './email-transport';

export interface EmailWorker {
  /** Looks for due messages now (also done on every NOTIFY from enqueueEmail and every poll). */
  wake(): void;
  /**
   * Stops polling and listening, and waits for the send in progress; the messages it had claimed
   * and not tried yet are given back to the outbox at once, due now, for another process.
   */
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
        while (!stopped) {
          const report = await deliverDueEmails({ db: database.db, transport, claimMs, stopping: () => stopped });
          // What it gave back is due now: another process's worker takes it at once.
          if (report.released > 0) await database.db.execute(sql`select pg_notify(${EMAIL_OUTBOX_CHANNEL}, '')`);
          if (report.claimed === 0) break;
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
