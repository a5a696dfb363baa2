import { sql } from 'drizzle-orm';
import type { DatabaseConnection } from '../db/database';
import { listenForWakeUps } from '../db/listen-for-wake-ups';
import { EMAIL_OUTBOX_CHANNEL } from '../email/enqueue-email';
import { BULK_SEND_CHANNEL } from './create-bulk-send-job';
import { queueDueBulkItems } from './queue-due-bulk-items';

export interface BulkSendWorker {
  /** Looks for pending items now (also done on every NOTIFY from a new job and every poll). */
  wake(): void;
  /** Stops after the batch in progress (its e-mails are already in the outbox) and waits for it. */
  stop(): Promise<void>;
}

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
  let stopped = false;
  let interruptIdle: (() => void) | undefined;
  let interruptPacing: (() => void) | undefined;
  let wokenWhileBusy = false;

  const sleep = (ms: number, kind: 'idle' | 'pacing') =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (kind === 'idle') interruptIdle = undefined;
        else interruptPacing = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      if (kind === 'idle') interruptIdle = done;
      else interruptPacing = done;
    });

  const wakeEmailWorkers = () => database.db.execute(sql`select pg_notify(${EMAIL_OUTBOX_CHANNEL}, '')`);

  const loop = async () => {
    while (!stopped) {
      wokenWhileBusy = false;
      let dueTimes: Date[];
      try {
        ({ dueTimes } = await queueDueBulkItems({
          db: database.db,
          appUrl,
          from,
          serverSecret,
          intervalMs,
          batchSize,
          dailyLimit,
        }));
      } catch (error) {
        if (stopped) break;
        console.error('bulk-send worker: could not take a batch', error);
        await sleep(idlePollMs, 'idle');
        continue;
      }
      if (dueTimes.length === 0) {
        if (!wokenWhileBusy) await sleep(idlePollMs, 'idle');
        continue;
      }
      try {
        await wakeEmailWorkers();
        for (const dueAt of dueTimes) {
          const wait = dueAt.getTime() - Date.now();
          if (wait > 0) await sleep(wait, 'pacing');
          if (stopped) break;
          await wakeEmailWorkers();
        }
      } catch (error) {
        // The e-mails are in the outbox already; its own polling delivers them.
        if (!stopped) console.warn('bulk-send worker: could not wake the e-mail workers', error);
      }
    }
  };

  const wake = () => {
    wokenWhileBusy = true;
    interruptIdle?.();
  };

  const running = loop();
  const unlisten = listenForWakeUps(database, BULK_SEND_CHANNEL, wake, 'bulk-send worker');

  return {
    wake,
    async stop() {
      stopped = true;
      interruptIdle?.();
      interruptPacing?.();
      await (
        await unlisten
      )?.();
      await running;
    },
  };
}
