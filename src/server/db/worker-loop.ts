export interface WorkerLoop {
  /** Runs a pass now, or one more right after the pass in progress (work may have come in during it). */
  wake(): void;
  /**
   * Stops: no pass starts any more, a wait inside the pass in progress is cut short, the wake-ups
   * are no longer heard; resolves once the pass in progress has finished.
   */
  stop(): Promise<void>;
}

/** What a pass is given: whether the worker was stopped, and a wait that stopping cuts short. */
export interface WorkerPass {
  stopped(): boolean;
  sleep(ms: number): Promise<void>;
}

/**
 * The loop of every background worker (the e-mail outbox, bulk sends, follow-ups): a pass takes
 * the work due, batch after batch while there is more, and returns when there is none. A pass
 * runs at start, every `pollIntervalMs` and whenever `wakeUps` calls its wake (a NOTIFY from any
 * process, the clock moving), never two at once: a wake during a pass runs one more after it. A
 * pass that throws is reported to `onError` (unless stopping), and the next wake or poll tries again.
 */
export function startWorkerLoop({
  pass,
  pollIntervalMs,
  wakeUps,
  onError,
}: {
  pass: (worker: WorkerPass) => Promise<void>;
  pollIntervalMs: number;
  /** Starts hearing wake-ups; answers how to stop hearing them. */
  wakeUps?: (wake: () => void) => (() => unknown) | Promise<(() => unknown) | undefined>;
  onError: (error: unknown) => void;
}): WorkerLoop {
  let stopped = false;
  let running: Promise<void> | undefined;
  let wokenWhileRunning = false;
  const wakeSleepers = new Set<() => void>();

  const worker: WorkerPass = {
    stopped: () => stopped,
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        if (stopped) return resolve();
        const done = () => {
          clearTimeout(timeout);
          wakeSleepers.delete(done);
          resolve();
        };
        const timeout = setTimeout(done, ms);
        wakeSleepers.add(done);
      }),
  };

  const run = async () => {
    do {
      wokenWhileRunning = false;
      try {
        await pass(worker);
      } catch (error) {
        if (!stopped) onError(error);
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
  const stopWakeUps = wakeUps?.(wake);

  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      for (const done of wakeSleepers) done();
      await (
        await stopWakeUps
      )?.();
      await running;
    },
  };
}
