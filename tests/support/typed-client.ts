// A typed client over the real app, for integration tests: request bodies and answers are checked
// against the routes' own types (Hono's testClient), instead of `app.request` and `as {…}` casts.
import { testClient } from 'hono/testing';
import { expect } from 'vitest';
import type { App } from '#server/app.ts';
import { freshClientAddress } from './send-json';

/** The app's `/api` routes as a typed client (`api.profile.$put({ json }, asBrowser(headers))`). */
export function typedClient(app: App) {
  return testClient(app).api;
}

/**
 * A call's options as the browser sends them: the caller's headers (cookie, origin) from a fresh
 * client address, so that per-address rate limits of apps built with TRUST_PROXY do not throttle a test.
 */
export function asBrowser(headers: Record<string, string> = {}) {
  return { headers: { 'x-forwarded-for': freshClientAddress(), ...headers } };
}

interface TypedResponse {
  status: number;
  json(): Promise<unknown>;
}

/**
 * The answers of a route that may have `Status`: those it declares with that status, and those it
 * gives without naming one (`c.json(body)`, typed with every status a body may have).
 */
type AnswerAt<Response, Status> = Response extends { status: infer Declared }
  ? Status extends Declared
    ? Response
    : never
  : never;

/** The body of an answer that must have `status`, typed as the route declares its answer with that status. */
export async function bodyAt<Response extends TypedResponse, Status extends Response['status']>(
  response: Response,
  status: Status,
): Promise<Awaited<ReturnType<AnswerAt<Response, Status>['json']>>> {
  expect(response.status).toBe(status);
  // The route's own type for this status; the status was just checked.
  return (await response.json()) as Awaited<ReturnType<AnswerAt<Response, Status>['json']>>;
}
