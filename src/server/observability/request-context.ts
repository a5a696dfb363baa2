import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line a request causes carries: its id, and who made it once that is known. */
export interface RequestContext {
  requestId: string;
  userId?: string;
  workspaceId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` as the request `context`: the log lines it causes, however deep, carry its fields. */
export function runInRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The request being served, or undefined outside one (a worker's poll, start-up). */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Records who is making the current request (after its session was read); nothing outside a request. */
export function noteRequestActor(actor: { userId: string; workspaceId?: string }) {
  const context = storage.getStore();
  if (!context) return;
  context.userId = actor.userId;
  if (actor.workspaceId) context.workspaceId = actor.workspaceId;
}

/**
 * Runs a worker's `work` for a row a request queued as that request (its id from the row's
 * request_id): the worker's lines, and what it queues in turn, carry the id. Without one, as is.
 */
export function runAsQueuingRequest<T>(requestId: string | null, work: () => T): T {
  return requestId ? storage.run({ requestId }, work) : work();
}

/** The current request's id, for a row it queues (request_id); null outside a request. */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}
