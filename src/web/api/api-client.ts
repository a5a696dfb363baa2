import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiRoutes } from '#server/app.ts';

/** The typed client for every `/api` route; request and response types come from the server's routes. */
export const api = hc<ApiRoutes>('/api', {
  init: { credentials: 'same-origin' },
});

/** A client of the same routes; the server renders pages with one that answers in-process. */
export type ApiClient = typeof api;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
    /** The server's machine-readable reason ('email-not-verified', 'rate-limited', …), when it gave one. */
    readonly code?: string,
    /** The rest of the refusal's body (e.g. the account's `email`, `postalAddressRequired`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// The body type of a route's success answers (2xx), from the union of everything it can answer.
type SuccessBody<R> =
  R extends ClientResponse<infer Body, infer Status, 'json'>
    ? [Extract<Status, SuccessStatusCode>] extends [never]
      ? never
      : Body
    : never;

/**
 * How long a query's answer counts as fresh (React Query's staleTime) for data a page the server
 * draws is drawn with (the session, the workspace, the profile): the browser's first render finds
 * it in the cache and must not ask for it again; a later visit within this time need not either.
 */
export const PAGE_DATA_STALE_TIME_MS = 10_000;

/**
 * The app's retry rule for queries: a refused answer (4xx: not found, not signed in, not
 * allowed) would be refused again, so it is shown at once; a lost connection or a server error is
 * tried once more.
 */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

/** Resolves a client call to its JSON body, or throws an ApiError carrying the server's message. */
export async function readJson<R extends ClientResponse<unknown, number, 'json'>>(
  response: Promise<R>,
): Promise<SuccessBody<R>> {
  const res = await response;
  if (res.ok) return (await res.json()) as SuccessBody<R>;
  throw await apiErrorFrom(res);
}

/** The ApiError for a refused answer: the server's JSON message, field, code and details, else a generic one. */
export async function apiErrorFrom(res: Pick<Response, 'status' | 'json'>): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await res.json();
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's error page, say): keep the generic message.
  }
  const { error, field, code, ...details } = body;
  return new ApiError(
    typeof error === 'string' && error !== '' ? error : `Request failed (${res.status})`,
    res.status,
    typeof field === 'string' ? field : undefined,
    typeof code === 'string' ? code : undefined,
    details,
  );
}

/** The server's own words for a refused or failed request (4xx, or an outside service's failure: 502, 503); otherwise `fallback`. */
export function serverErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.status < 500 || error.status === 502 || error.status === 503))
    return error.message;
  return fallback;
}
