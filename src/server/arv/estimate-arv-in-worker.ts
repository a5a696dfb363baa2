import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { Refusal } from '../http/refusal';
import type { EstimateOutcome, EstimateTask } from './arv-estimate-worker';
import type { EstimateFromBodyOutcome } from './estimate-from-body';

/** Estimates waiting for a worker beyond which a new one is refused (503): a minute of a busy server's estimates. */
const MAX_WAITING_ESTIMATES = 240;

/** How much lower than the event loop a worker runs (Linux): its niceness is the process's plus this, at most 19. */
export const WORKER_NICENESS_ABOVE_PROCESS = 10;

export const estimatesBusyMessage = 'Too many estimates are running. Please try again in a moment.';

// From source (tsx, the tests) the worker needs tsx's loader; a build has the worker beside main.js.
const workerFile = import.meta.url.endsWith('.ts')
  ? new URL('./arv-estimate-worker-from-source.mjs', import.meta.url)
  : new URL('./arv-estimate-worker.js', import.meta.url);

export interface ArvEstimator {
  /** Reads, validates and estimates a request's body (estimateFromBody) on a worker: undefined when it is not declared JSON. */
  estimate(body: Uint8Array | undefined): Promise<EstimateFromBodyOutcome>;
  /** Workers started and estimates waiting for one (for tests and benches). */
  readonly threads: number;
  readonly waiting: number;
}

interface Job {
  task: EstimateTask;
  resolve(result: EstimateFromBodyOutcome): void;
  reject(error: Error): void;
}

/**
 * Runs estimates on worker threads, from the request's body to the answer's JSON: a 500-comp
 * estimate is a few ms of arithmetic and about 1 ms of parsing, validating and writing JSON, and on
 * the event loop sixty at once held every other request (GET /api/health waited 345 ms at p90).
 * Up to `threads` workers (one less than the cores, at least one), started on first use and not
 * keeping the process alive; each runs one estimate at a time and the rest wait in order, at most
 * `maxWaiting`, beyond which the estimate is refused with 503.
 */
export function createArvEstimator({
  threads = Math.max(1, availableParallelism() - 1),
  maxWaiting = MAX_WAITING_ESTIMATES,
}: { threads?: number; maxWaiting?: number } = {}): ArvEstimator {
  const queue: Job[] = [];
  const idle: Worker[] = [];
  const running = new Map<Worker, Job>();
  let started = 0;

  const finish = (worker: Worker, outcome: EstimateFromBodyOutcome | Error) => {
    const job = running.get(worker);
    running.delete(worker);
    if (!job) return;
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome);
  };

  function start(): Worker {
    const worker = new Worker(workerFile);
    started += 1;
    let failure: Error | undefined;
    worker.on('message', (outcome: EstimateOutcome) => {
      worker.unref();
      finish(worker, outcome.kind === 'failed' ? new Error(`ARV estimate failed: ${outcome.error}`) : outcome);
      idle.push(worker);
      pump();
    });
    worker.on('error', (error) => {
      failure = error instanceof Error ? error : new Error(String(error));
    });
    worker.on('exit', (code) => {
      started -= 1;
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      finish(worker, failure ?? new Error(`the ARV worker stopped (exit code ${code})`));
      pump();
    });
    return worker;
  }

  function pump() {
    while (queue.length > 0) {
      const worker = idle.pop() ?? (started < threads ? start() : undefined);
      if (!worker) return;
      const job = queue.shift()!;
      running.set(worker, job);
      // A worker keeps the process alive while it estimates, not while it waits for work.
      worker.ref();
      worker.postMessage(job.task);
    }
  }

  return {
    estimate(body) {
      if (queue.length >= maxWaiting) {
        return Promise.reject(new Refusal(503, estimatesBusyMessage, { code: 'busy' }));
      }
      return new Promise<EstimateFromBodyOutcome>((resolve, reject) => {
        queue.push({ task: { body }, resolve, reject });
        pump();
      });
    },
    get threads() {
      return started;
    },
    get waiting() {
      return queue.length;
    },
  };
}
