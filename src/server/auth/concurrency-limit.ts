/** Thrown when the waiting queue is full: the caller should answer "busy, try again". */
export class ConcurrencyLimitQueueFullError extends Error {
  override name = 'ConcurrencyLimitQueueFullError';
}

export interface ConcurrencyLimit {
  /** Runs `task` when fewer than `maxConcurrent` are running, waiting in FIFO order otherwise. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

/**
 * A semaphore: at most `maxConcurrent` tasks at once, up to `maxQueue` more waiting in
 * first-come order; beyond that `run` rejects at once with ConcurrencyLimitQueueFullError.
 */
export function createConcurrencyLimit({
  maxConcurrent,
  maxQueue = Infinity,
}: {
  maxConcurrent: number;
  maxQueue?: number;
}): ConcurrencyLimit {
  if (!(maxConcurrent >= 1)) throw new RangeError('maxConcurrent must be at least 1');
  let running = 0;
  const queue: (() => void)[] = [];

  const release = () => {
    const next = queue.shift();
    if (next)
      next(); // the slot passes straight to the next waiter
    else running--;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < maxConcurrent) {
        running++;
      } else {
        if (queue.length >= maxQueue) throw new ConcurrencyLimitQueueFullError('Too many tasks waiting');
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
