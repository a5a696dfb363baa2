import { readdirSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { ArvComp } from '#domain/arv/arv-request-schema.ts';
import { Refusal } from '../http/refusal';
import { createArvEstimator, estimatesBusyMessage, WORKER_NICENESS_ABOVE_PROCESS } from './estimate-arv-in-worker';
import { estimateFromBody } from './estimate-from-body';

const subject = { sqft: 1600, beds: 3, baths: 2, yearBuilt: 1960, lat: 47.68, lng: -122.35, valueDate: '2024-06-01' };
/** 500 like homes sold in the two years before the value date (a full estimate, as issue 37 measured it). */
const comps: ArvComp[] = Array.from({ length: 500 }, (_, i) => ({
  price: 400_000 + ((i * 7919) % 300_000),
  soldDate: new Date(Date.parse('2022-06-01') + ((i * 104_729) % 730) * 86_400_000).toISOString().slice(0, 10),
  sqft: 1200 + ((i * 31) % 800),
  beds: 2 + (i % 3),
  baths: 1 + (i % 3),
  yearBuilt: 1920 + (i % 90),
  lat: 47.66 + ((i * 13) % 400) / 10_000,
  lng: -122.37 + ((i * 17) % 400) / 10_000,
  address: `${i + 1} Elm St`,
}));

/** An estimate request's body as the route reads it: JSON's bytes. */
const bodyOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('createArvEstimator (issue 37, finding 14)', () => {
  it('answers exactly what estimateFromBody answers on this thread, pinned comps included', async () => {
    const estimator = createArvEstimator({ threads: 1 });
    const body = bodyOf({ subject, comps, pinned: [3, 499] });
    const outcome = await estimator.estimate(body);
    expect(outcome.kind).toBe('estimate');
    expect(outcome).toEqual(estimateFromBody(body));
    expect(estimator.threads).toBe(1);
  });

  it('answers a refused body, a body that is not JSON and too few comps as estimateFromBody does', async () => {
    const estimator = createArvEstimator({ threads: 1 });
    for (const body of [
      bodyOf({ subject, comps: [{ ...comps[0], price: -1 }] }),
      new TextEncoder().encode('{"subject":'),
      bodyOf({ subject, comps: comps.slice(0, 2) }),
      undefined,
    ]) {
      expect(await estimator.estimate(body)).toEqual(estimateFromBody(body));
    }
  });

  it('leaves the event loop free while estimates run: timers keep firing', async () => {
    const estimator = createArvEstimator({ threads: 1 });
    await estimator.estimate(bodyOf({ subject, comps: comps.slice(0, 10) })); // the worker started
    let turns = 0;
    let spinning = true;
    const spin = () => {
      turns += 1;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    const results = await Promise.all(Array.from({ length: 6 }, () => estimator.estimate(bodyOf({ subject, comps }))));
    spinning = false;
    expect(results.every((result) => result.kind === 'estimate')).toBe(true);
    // Run on this thread, six estimates would run back to back without one turn of the loop.
    expect(turns).toBeGreaterThan(6);
  });

  // A thread's niceness is the 19th field of /proc/<pid>/task/<tid>/stat (the 17th after its name).
  const nicenessOfThreads = () =>
    readdirSync('/proc/self/task').map((threadId) => {
      const stat = readFileSync(`/proc/self/task/${threadId}/stat`, 'utf8');
      return { threadId: Number(threadId), nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) };
    });

  it.runIf(process.platform === 'linux')('estimates at a lower priority than the event loop (Linux)', async () => {
    const before = new Set(nicenessOfThreads().map(({ threadId }) => threadId));
    const processNiceness = nicenessOfThreads().find(({ threadId }) => threadId === process.pid)!.nice;
    const estimator = createArvEstimator({ threads: 1 });
    await estimator.estimate(bodyOf({ subject, comps: comps.slice(0, 10) }));
    const started = nicenessOfThreads().filter(({ threadId }) => !before.has(threadId));
    expect(started.map(({ nice }) => nice)).toContain(
      Math.min(constants.priority.PRIORITY_LOW, processNiceness + WORKER_NICENESS_ABOVE_PROCESS),
    );
    expect(nicenessOfThreads().find(({ threadId }) => threadId === process.pid)?.nice).toBe(processNiceness);
  });

  it('refuses with 503 once maxWaiting estimates wait, and serves the ones it took', async () => {
    const estimator = createArvEstimator({ threads: 1, maxWaiting: 2 });
    const taken = [1, 2, 3].map(() => estimator.estimate(bodyOf({ subject, comps })));
    const refused = estimator.estimate(bodyOf({ subject, comps }));
    await expect(refused).rejects.toThrow(Refusal);
    await expect(refused).rejects.toMatchObject({ status: 503, message: estimatesBusyMessage });
    expect((await Promise.all(taken)).map((result) => result.kind)).toEqual(['estimate', 'estimate', 'estimate']);
    expect(estimator.waiting).toBe(0);
  });
});
