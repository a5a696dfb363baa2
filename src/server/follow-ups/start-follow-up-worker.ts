import type { DatabaseConnection } from '../db/database';
import { startWorkerLoop, type WorkerLoop } from '../db/worker-loop';
import type { SendingPolicyConfig } from '../email/send-to-third-party';
import { describeErrorForLog } from '../http/describe-error-for-log';
import { logger } from '../observability/logger';
import type { FollowUpClock } from './follow-up-clock';
import { runDueFollowUps, type FollowUpMailer, type RestateFreshOffer } from './run-due-follow-ups';

/** Its wake looks for due steps now (also done every poll and whenever the clock moves); its stop waits for the batch in progress. */
export type FollowUpWorker = WorkerLoop;

/**
 * Takes due follow-up steps in the background, batch after batch while full batches come back,
 * every `pollIntervalMs` (steps fall due at whole days in the recipient's morning, so a minute
 * late is on time). Any number of processes may run one: runDueFollowUps never takes a step twice.
 */
export function startFollowUpWorker({
  database,
  policy,
  clock,
  inboundDomain,
  intervalMs,
  pollIntervalMs = 60_000,
  // PGlite answers one statement at a time on this thread: one sequence a batch keeps its requests' waits short.
  batchSize = database.kind === 'pglite' ? 1 : 20,
  queueAheadMs,
  restateOffer,
  mailer,
}: {
  database: DatabaseConnection;
  policy: Omit<SendingPolicyConfig, 'now'>;
  clock: FollowUpClock;
  inboundDomain: string | null;
  /** One paced e-mail per interval, with the bulk offers (BULK_EMAIL_INTERVAL_MS). */
  intervalMs: number;
  pollIntervalMs?: number;
  batchSize?: number;
  /** How far ahead of its turn an e-mail may be queued: two polls, so the paced queue never runs dry between them. */
  queueAheadMs?: number;
  /** How a nurture step makes its fresh offer (leads-inbox/restate-fresh-offer.ts). */
  restateOffer: RestateFreshOffer;
  /** Mails letter and postcard steps through a workspace's Lob key (mail/follow-up-mailer.ts). */
  mailer?: FollowUpMailer;
}): FollowUpWorker {
  const pacing = { intervalMs, queueAheadMs: queueAheadMs ?? 2 * pollIntervalMs };
  return startWorkerLoop({
    pollIntervalMs,
    // Keep going while full batches come back: there may be more due.
    pass: async (worker) => {
      while (!worker.stopped()) {
        const { claimed } = await runDueFollowUps({
          db: database.db,
          policy,
          now: clock.now(),
          outboxNow: new Date(),
          batchSize,
          inboundDomain,
          pacing,
          restateOffer,
          mailer,
        });
        if (claimed !== batchSize) break;
        // The next batch after a turn of the event loop: requests waiting for the database go first.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    wakeUps: (wake) => clock.onAdvance(wake),
    onError: (error) =>
      logger.error({ error: describeErrorForLog(error) }, 'follow-up worker: a batch failed; its steps stay due'),
  });
}
