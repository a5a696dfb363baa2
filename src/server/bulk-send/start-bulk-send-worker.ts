import type { DatabaseConnection } from '../db/database';
import { listenForWakeUps } from '../db/listen-for-wake-ups';
import { startWorkerLoop, type WorkerLoop } from '../db/worker-loop';
import { wakeEmailWorkers } from '../email/enqueue-email';
import { describeErrorForLog } from '../http/describe-error-for-log';
import { logger } from '../observability/logger';
import { BULK_SEND_CHANNEL } from './create-bulk-send-job';
import { queueDueBulkItems } from './queue-due-bulk-items';

/** Its wake looks for pending items now (also done on every NOTIFY from a new job and every poll); its stop comes after the batch in progress (its e-mails are already in the outbox). */
export type BulkSendWorker = WorkerLoop;

/**
 * Works through bulk-send jobs in the background, paced so that bulk e-mails leave one
 * interval apart (spec §7): queues a batch of pending items into the e-mail outbox
 * (queueDueBulkItems), then waits for each of its e-mails' due time and wakes the e-mail
 * workers (NOTIFY on the outbox channel, heard by every process) so each goes out on its
 * second, then takes the next batch. Jobs live in the database, so a restarted server (or
 * another process) carries on where this one stopped.
 */
export function startBulkSendWorker({
  database,
  appUrl,
  from,
  serverSecret,
  intervalMs,
  batchSize,
  dailyLimit,
  idlePollMs = 5_000,
}: {
  database: DatabaseConnection;
  appUrl: string;
  from: string;
  serverSecret: string;
  intervalMs: number;
  batchSize: number;
  /** Bulk e-mails one user may send per UTC day (BULK_EMAIL_DAILY_LIMIT); unset: no limit. */
  dailyLimit?: number;
  /** How often to look for work when nothing notified us (a job created while LISTEN was down). */
  idlePollMs?: number;
}): BulkSendWorker {
  return startWorkerLoop({
    pollIntervalMs: idlePollMs,
    pass: async (worker) => {
      while (!worker.stopped()) {
        const { dueTimes } = await queueDueBulkItems({
          db: database.db,
          appUrl,
          from,
          serverSecret,
          intervalMs,
          batchSize,
          dailyLimit,
        });
        if (dueTimes.length === 0) return;
        try {
          await wakeEmailWorkers(database.db);
          for (const dueAt of dueTimes) {
            const wait = dueAt.getTime() - Date.now();
            if (wait > 0) await worker.sleep(wait);
            if (worker.stopped()) break;
            await wakeEmailWorkers(database.db);
          }
        } catch (error) {
          // The e-mails are in the outbox already; its own polling delivers them.
          if (!worker.stopped())
            logger.warn({ error: describeErrorForLog(error) }, 'bulk-send worker: could not wake the e-mail workers');
        }
      }
    },
    wakeUps: (wake) => listenForWakeUps(database, BULK_SEND_CHANNEL, wake, 'bulk-send worker'),
    onError: (error) => logger.error({ error: describeErrorForLog(error) }, 'bulk-send worker: could not take a batch'),
  });
}
