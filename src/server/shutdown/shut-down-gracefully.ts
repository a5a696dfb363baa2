import type { Server } from 'node:http';

export interface GracefulShutdown {
  /** The listening HTTP server (what @hono/node-server's serve returned). */
  server: Pick<Server, 'close' | 'closeIdleConnections' | 'closeAllConnections'>;
  /** How long requests in flight (and the work being stopped) may take: SHUTDOWN_GRACE_MS. */
  graceMs: number;
  /** Aborted first: live streams close with a reconnect hint (AppContext.shuttingDown). */
  liveStreams: AbortController;
  /**
   * Stops the background workers and gives back what they claimed (the e-mails taken and not sent);
   * runs while the requests in flight finish.
   */
  stopWork: () => Promise<unknown>;
  /** Closes what requests and workers use (the change feed, the database), once they are done or the grace ran out. */
  closeResources: () => Promise<unknown>;
  /** Where its lines go (main.ts: the server's logger). */
  log: (line: string) => void;
}

export interface ShutdownReport {
  /** Whether every request and the workers finished within the grace; false: cut off at its end. */
  finishedInTime: boolean;
  elapsedMs: number;
}

/** How often keep-alive connections are looked at again: one whose request ended closes, not on its idle timeout. */
const SWEEP_MS = 50;

/**
 * What a process does on SIGTERM before it exits (a deploy, a scale-down): stops accepting
 * connections, ends live streams (their browsers reconnect to another process), lets requests in
 * flight finish and stops the workers, each within `graceMs`; at the end of the grace, cuts the
 * connections still open. Bulk batches and follow-up steps are claimed inside a transaction, so
 * once a worker has stopped nothing of theirs is held; the outbox's claimed e-mails are given back
 * by the e-mail worker's stop.
 */
export async function shutDownGracefully({
  server,
  graceMs,
  liveStreams,
  stopWork,
  closeResources,
  log,
}: GracefulShutdown): Promise<ShutdownReport> {
  const startedAt = Date.now();
  liveStreams.abort();
  const requestsDone = new Promise<void>((resolve) => server.close(() => resolve()));
  // A keep-alive connection closes as soon as its request is answered, not after its idle timeout.
  const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
  const workDone = stopWork().catch((error: unknown) => log(`shutdown: stopping the workers failed: ${String(error)}`));

  let graceTimer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'grace over'>((resolve) => {
    graceTimer = setTimeout(() => resolve('grace over'), graceMs);
  });
  const outcome = await Promise.race([Promise.all([requestsDone, workDone]).then(() => 'done' as const), graceOver]);
  clearInterval(sweep);
  clearTimeout(graceTimer);
  if (outcome === 'grace over') {
    log(`shutdown: ${graceMs} ms passed (SHUTDOWN_GRACE_MS); closing the connections still open`);
    server.closeAllConnections();
  }
  await closeResources().catch((error: unknown) => log(`shutdown: closing the database failed: ${String(error)}`));
  return { finishedInTime: outcome === 'done', elapsedMs: Date.now() - startedAt };
}

/**
 * Shuts the process down gracefully on its first SIGTERM or SIGINT (shutDownGracefully), then exits
 * 0; a second signal, or the grace and 5 s more going by (a database that will not close), exits
 * at once with 1.
 */
export function shutDownOnSignals(shutdown: GracefulShutdown & { onSignal?: () => void }) {
  const { log } = shutdown;
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) {
      log(`${signal} again: exiting now`);
      process.exit(1);
    }
    started = true;
    shutdown.onSignal?.();
    log(`${signal}: no new connections; finishing the requests in flight (at most ${shutdown.graceMs} ms)`);
    setTimeout(() => {
      log('shutdown: the database did not close in time; exiting');
      process.exit(1);
    }, shutdown.graceMs + 5_000).unref();
    void shutDownGracefully(shutdown).then(({ finishedInTime, elapsedMs }) => {
      log(`shutdown: ${finishedInTime ? 'everything finished' : 'cut off at the end of the grace'} in ${elapsedMs} ms`);
      process.exit(0);
    });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
