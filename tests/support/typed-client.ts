// A typed client over the real app, for integration tests: request bodies and answers are checked
// against the routes' own types (Hono's testClient), instead of `app.request` and `as {…}` casts.
import { testClient } from 'hono/testing';
import { expect } from 'vitest';
import type { App } from '../../src/server/app';
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

/** The body of an answer that must have `status`, typed as the route declares its answer with that status. */
export async function bodyAt<Response extends TypedResponse, Status extends Response['status']>(
  response: Response,
  status: Status,
): Promise<Awaited<ReturnType<Extract<Response, { status: Status }>['json']>>> {
  expect(response.status).toBe(status);
  // The route's own type for this status; the status was just checked.
  return (await response.json()) as Awaited<ReturnType<Extract<Response, { status: Status }>['json']>>;
}
