import { isIP } from 'node:net';
import { fetch } from 'undici';
import { checkedAgent } from './checked-agent';
import { AddressRefusedError } from './checked-lookup';
import {
  bareHostname,
  isPublicAddress,
  resolveAll,
  schemeOrPortRefusal,
  type OutboundPolicy,
  type Resolve,
} from './outbound-address';
import { readLimitedText } from './read-limited-text';

export const OUTBOUND_TIMEOUT_MS = 10_000;
/** Enough for Apps Script's one 302 (script.google.com → script.googleusercontent.com) and a little more. */
export const MAX_REDIRECTS = 3;
/** A webhook's answer is a status and a short acknowledgement: nothing more of it is read. */
export const MAX_ANSWER_BYTES = 4096;

export type OutboundFailure = 'refused' | 'redirects' | 'timeout' | 'unreachable';

/**
 * An outbound request did not get an answer. `reason` says why in a word; the message is
 * '<host> <what happened>' (a host and error codes, never the path or query, which may hold a
 * secret).
 */
export class OutboundRequestError extends Error {
  override name = 'OutboundRequestError';
  constructor(
    readonly reason: OutboundFailure,
    host: string,
    /** What happened, without the host: 'did not answer within 10 s'. */
    readonly what: string,
    options?: { cause?: unknown },
  ) {
    super(`${host} ${what}`, options);
  }
}

export interface OutboundAnswer {
  status: number;
  ok: boolean;
  /** The first MAX_ANSWER_BYTES (or maxAnswerBytes) of the body, as text. */
  text: string;
  /** How many redirects were followed to get it. */
  redirects: number;
}

export interface SafeFetchOptions {
  /** The checks for an address a user supplied; null for an operator's own configured address. */
  policy: OutboundPolicy | null;
  timeoutMs?: number;
  maxRedirects?: number;
  maxAnswerBytes?: number;
  /** The name resolver (tests give their own). */
  resolve?: Resolve;
}

interface OutboundRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

const isRedirect = (status: number) => [301, 302, 303, 307, 308].includes(status);

/** Fetch's rule for the next request after a redirect: 303, and 301/302 after a POST, become a GET without a body. */
function afterRedirect(request: OutboundRequest, status: number): OutboundRequest {
  if (status === 303 || ((status === 301 || status === 302) && request.method === 'POST')) {
    const headers = Object.fromEntries(
      Object.entries(request.headers ?? {}).filter(([name]) => !/^content-/i.test(name)),
    );
    return { method: 'GET', headers };
  }
  return request;
}

function checkHop(url: URL, policy: OutboundPolicy | null): void {
  if (!policy) return;
  const refusal = schemeOrPortRefusal(url, policy);
  if (refusal) throw new OutboundRequestError('refused', url.host, refusal);
  const host = bareHostname(url);
  if (isIP(host) !== 0 && !isPublicAddress(host, policy)) {
    throw new OutboundRequestError('refused', url.host, 'is not a public address');
  }
}

/** The innermost cause's code (ECONNREFUSED, ENOTFOUND, UND_ERR_…) or message, for the log. */
function networkReason(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause instanceof Error; depth++) {
    current = current.cause;
  }
  const code = (current as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return current instanceof Error ? current.message : String(current);
}

function refusalIn(error: unknown): AddressRefusedError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof AddressRefusedError) return current;
  }
  return undefined;
}

/**
 * Sends one request to an outside address and reads a bounded answer. Redirects are followed by
 * hand, at most `maxRedirects` (3), each hop checked again; a 302 after a POST is followed with a
 * GET, as browsers and curl do (Google Apps Script's /exec answers a POST that way). With a
 * policy (a user's address): only what it allows (https on 443, public addresses), checked when
 * each connection is made. Only the first `maxAnswerBytes` (4 KB) of the body are read.
 * Throws an OutboundRequestError when no answer came; any HTTP status is an answer.
 */
export async function safeFetch(
  url: string,
  request: OutboundRequest,
  {
    policy,
    timeoutMs = OUTBOUND_TIMEOUT_MS,
    maxRedirects = MAX_REDIRECTS,
    maxAnswerBytes = MAX_ANSWER_BYTES,
    resolve = resolveAll,
  }: SafeFetchOptions,
): Promise<OutboundAnswer> {
  const dispatcher = policy ? checkedAgent(policy, resolve, timeoutMs) : undefined;
  const signal = AbortSignal.timeout(timeoutMs);
  let target = new URL(url);
  let current = request;
  try {
    for (let redirects = 0; ; redirects++) {
      checkHop(target, policy);
      const response = await fetch(target, { ...current, redirect: 'manual', signal, dispatcher });
      const location = response.headers.get('location');
      if (isRedirect(response.status) && location !== null) {
        await response.body?.cancel().catch(() => {});
        if (redirects >= maxRedirects) {
          throw new OutboundRequestError('redirects', target.host, `redirected more than ${maxRedirects} times`);
        }
        try {
          target = new URL(location, target);
        } catch (error) {
          throw new OutboundRequestError('refused', target.host, 'redirected to an invalid address', { cause: error });
        }
        current = afterRedirect(current, response.status);
        continue;
      }
      const text = await readLimitedText(response.body, maxAnswerBytes);
      return { status: response.status, ok: response.ok, text, redirects };
    }
  } catch (error) {
    if (error instanceof OutboundRequestError) throw error;
    const refused = refusalIn(error);
    if (refused)
      throw new OutboundRequestError('refused', target.host, `was refused (${refused.message})`, { cause: error });
    if (signal.aborted) {
      throw new OutboundRequestError('timeout', target.host, `did not answer within ${timeoutMs / 1000} s`, {
        cause: error,
      });
    }
    throw new OutboundRequestError('unreachable', target.host, `could not be reached (${networkReason(error)})`, {
      cause: error,
    });
  } finally {
    await dispatcher?.destroy().catch(() => {});
  }
}
