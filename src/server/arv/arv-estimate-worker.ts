// The ARV estimate's worker thread (estimate-arv-in-worker.ts): reads, validates and estimates one
// request's body at a time, off the server's event loop.
import { parentPort } from 'node:worker_threads';
import { estimateFromBody, type EstimateFromBodyOutcome } from './estimate-from-body';

export interface EstimateTask {
  /** The body's bytes; absent when it is not declared JSON. */
  body: Uint8Array | undefined;
}

export type EstimateOutcome = EstimateFromBodyOutcome | { kind: 'failed'; error: string };

parentPort?.on('message', ({ body }: EstimateTask) => {
  let outcome: EstimateOutcome;
  try {
    outcome = estimateFromBody(body);
  } catch (error) {
    outcome = { kind: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(outcome);
});
