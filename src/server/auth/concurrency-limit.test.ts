import { describe, expect, it } from 'vitest';
import { ConcurrencyLimitQueueFullError, createConcurrencyLimit } from './concurrency-limit';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createConcurrencyLimit', () => {
  it('runs at most maxConcurrent tasks at once, the rest in arrival order', async () => {
    const limit = createConcurrencyLimit({ maxConcurrent: 2 });
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 6 }, deferred);
    const results = gates.map((gate, index) =>
      limit.run(async () => {
        started.push(index);
        active++;
        peak = Math.max(peak, active);
        await gate.promise;
        active--;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limit.waiting).toBe(4);
    for (const gate of gates) {
      gate.resolve();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(limit.running).toBe(0);
  });

  it('frees the slot when a task throws', async () => {
    const limit = createConcurrencyLimit({ maxConcurrent: 1 });
    await expect(limit.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit.run(async () => 'ok')).toBe('ok');
    expect(limit.running).toBe(0);
  });

  it('refuses at once when the queue is full', async () => {
    const limit = createConcurrencyLimit({ maxConcurrent: 1, maxQueue: 1 });
    const gate = deferred();
    const first = limit.run(() => gate.promise);
    const second = limit.run(async () => 'second');
    await expect(limit.run(async () => 'third')).rejects.toBeInstanceOf(ConcurrencyLimitQueueFullError);
    gate.resolve();
    await first;
    expect(await second).toBe('second');
  });
});
