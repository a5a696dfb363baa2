// The ARV estimate's worker thread (estimate-arv-in-worker.ts): reads, validates and estimates one
// request's body at a time, off the server's event loop.
import { readlinkSync } from 'node:fs';
import { constants, getPriority, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { WORKER_NICENESS_ABOVE_PROCESS } from './estimate-arv-in-worker';
import { estimateFromBody, type EstimateFromBodyOutcome } from './estimate-from-body';

export interface EstimateTask {
  /** The body's bytes; absent when it is not declared JSON. */
  body: Uint8Array | undefined;
}

export type EstimateOutcome = EstimateFromBodyOutcome | { kind: 'failed'; error: string };

/**
 * Estimates are batch work beside the requests the event loop answers: when the cores are busy, the
 * event loop should run first. On Linux a thread has a priority of its own (its id from
 * /proc/thread-self), and any thread may lower its own; elsewhere the worker keeps the process's.
 */
function lowerThisThreadsPriority() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId) && threadId !== process.pid) {
      const niceness = Math.min(constants.priority.PRIORITY_LOW, getPriority(threadId) + WORKER_NICENESS_ABOVE_PROCESS);
      setPriority(threadId, niceness);
    }
  } catch {
    // no /proc, or not allowed: the same priority as the event loop
  }
}

if (parentPort) lowerThisThreadsPriority();

parentPort?.on('message', ({ body }: EstimateTask) => {
  let outcome: EstimateOutcome;
  try {
    outcome = estimateFromBody(body);
  } catch (error) {
    outcome = { kind: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(outcome);
});
