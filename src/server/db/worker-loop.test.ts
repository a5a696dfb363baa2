import { describe, expect, it, vi } from 'vitest';
import { startWorkerLoop } from './worker-loop';

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('startWorkerLoop', () => {
  it('runs a pass at start, never two at once, and one more after a pass that was woken during it', async () => {
    const first = gate();
    let passes = 0;
    let concurrent = 0;
    let mostConcurrent = 0;
    const loop = startWorkerLoop({
      pollIntervalMs: 60_000,
      onError: () => {},
      pass: async () => {
        passes += 1;
        concurrent += 1;
        mostConcurrent = Math.max(mostConcurrent, concurrent);
        if (passes === 1) await first.opened;
        concurrent -= 1;
      },
    });
    expect(passes).toBe(1);
    loop.wake();
    loop.wake();
    first.open();
    await vi.waitFor(() => expect(passes).toBe(2));
    await loop.stop();
    expect(passes).toBe(2);
    expect(mostConcurrent).toBe(1);
  });

  it('stops by cutting the pass’s wait short, and resolves once that pass has finished', async () => {
    const events: string[] = [];
    const loop = startWorkerLoop({
      pollIntervalMs: 60_000,
      onError: () => {},
      pass: async (worker) => {
        events.push('pass');
        await worker.sleep(60_000);
        events.push(worker.stopped() ? 'woke stopped' : 'woke');
      },
    });
    await vi.waitFor(() => expect(events).toEqual(['pass']));
    const startedAt = Date.now();
    await loop.stop();
    expect(events).toEqual(['pass', 'woke stopped']);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    loop.wake();
    expect(events).toHaveLength(2);
  });

  it('reports a failed pass and tries again on the next wake-up, which it stops hearing when stopped', async () => {
    const errors: unknown[] = [];
    const stopHearing = vi.fn();
    let wakeFromOutside: () => void = () => {};
    let passes = 0;
    const loop = startWorkerLoop({
      pollIntervalMs: 60_000,
      onError: (error) => errors.push(error),
      wakeUps: (wake) => {
        wakeFromOutside = wake;
        return stopHearing;
      },
      pass: () => {
        passes += 1;
        return passes === 1 ? Promise.reject(new Error('database away')) : Promise.resolve();
      },
    });
    await vi.waitFor(() => expect(errors).toEqual([new Error('database away')]));
    wakeFromOutside();
    await vi.waitFor(() => expect(passes).toBe(2));
    await loop.stop();
    expect(stopHearing).toHaveBeenCalledOnce();
  });

  it('polls every interval when nothing wakes it', async () => {
    vi.useFakeTimers();
    try {
      let passes = 0;
      const loop = startWorkerLoop({ pollIntervalMs: 1_000, onError: () => {}, pass: async () => void (passes += 1) });
      await vi.advanceTimersByTimeAsync(3_000);
      expect(passes).toBe(4);
      await loop.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
