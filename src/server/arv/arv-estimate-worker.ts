// The ARV estimate's worker thread (estimate-arv-in-worker.ts): estimates one request at a time,
// off the server's event loop.
import { parentPort } from 'node:worker_threads';
import type { ArvEstimateRequest } from '#domain/arv/arv-request-schema.ts';
import { estimateArv } from '#domain/arv/estimate-arv.ts';

export interface EstimateTask {
  request: ArvEstimateRequest;
  pinned: number[];
}

export type EstimateOutcome = { result: ReturnType<typeof estimateArv> } | { error: string };

parentPort?.on('message', ({ request, pinned }: EstimateTask) => {
  let outcome: EstimateOutcome;
  try {
    outcome = { result: estimateArv(request, { pinned: new Set(pinned) }) };
  } catch (error) {
    outcome = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(outcome);
});
