import { describeErrorForLog } from '../http/describe-error-for-log';
import { logger } from '../observability/logger';
import type { DatabaseConnection, Unlisten } from './database';

/**
 * LISTENs on `channel` for a background worker that also polls: every notice calls `wake`, and so
 * does LISTEN starting, since work queued while it was being set up sent no notice we could hear.
 * When LISTEN fails, the worker's polling carries on alone. Resolves to the way to stop listening.
 */
export function listenForWakeUps(
  database: DatabaseConnection,
  channel: string,
  wake: () => void,
  workerName: string,
): Promise<Unlisten | undefined> {
  return database.listen(channel, wake).then(
    (stopListening) => {
      wake();
      return stopListening;
    },
    (error: unknown) => {
      logger.warn({ error: describeErrorForLog(error) }, `${workerName}: LISTEN failed, relying on polling`);
      return undefined;
    },
  );
}
