import { logger } from '#server/observability/logger.ts';
import { describeErrorForLog } from '../describe-error-for-log';
import { Refusal } from '../refusal';
import { readLimitedText } from './read-limited-text';
import { MAX_ANSWER_BYTES } from './safe-fetch';

/**
 * A call to an outside service failed; the message names the service and its answer, never a
 * secret, and may be shown to the user. `cause` holds what only the server log should see.
 * Services turn it into a 502 Refusal with refuseWhenUpstreamFails.
 */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    readonly service: string,
    message: string,
    readonly status?: number,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

export const UPSTREAM_TIMEOUT_MS = 10_000;

/** Replaces every secret (at least 4 characters long) in `text` with '[redacted]'. */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) result = result.split(secret).join('[redacted]');
  }
  return result;
}

/** fetch with a timeout; a network failure or timeout becomes an UpstreamError naming the service. */
export async function fetchUpstream(
  service: string,
  url: string,
  init: RequestInit,
  {
    timeoutMs = UPSTREAM_TIMEOUT_MS,
    secrets = [],
  }: { timeoutMs?: number; secrets?: readonly (string | undefined)[] } = {},
): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason =
      error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
        ? `did not answer within ${timeoutMs / 1000} s`
        : `could not be reached (${networkReason(error)})`;
    throw new UpstreamError(service, redact(`${service} ${reason}`, secrets));
  }
}

function networkReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The error text in an answer's body: JSON `message` (string or list, as NestJS APIs send it),
 * `error`, or the text itself; at most 200 characters. Reads at most 4 KB of the body.
 */
export async function readUpstreamMessage(response: Response): Promise<string> {
  return upstreamMessageOf(await readLimitedText(response.body, MAX_ANSWER_BYTES).catch(() => ''));
}

/** readUpstreamMessage for a body already read. */
export function upstreamMessageOf(body: string): string {
  const text = body.trim();
  let message = text;
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown } | null;
    const candidate = body?.message ?? body?.error;
    if (typeof candidate === 'string') message = candidate;
    else if (Array.isArray(candidate)) message = candidate.map(String).join('; ');
    else if (candidate && typeof candidate === 'object' && 'message' in candidate) message = String(candidate.message);
  } catch {
    // not JSON: the text is the message
  }
  return message.replace(/\s+/g, ' ').slice(0, 200);
}

/** An UpstreamError for a non-ok answer: '<service> answered <status>: <message>'. */
export async function upstreamFailure(
  service: string,
  response: Response,
  secrets: readonly (string | undefined)[] = [],
) {
  const message = await readUpstreamMessage(response);
  const detail = message ? `: ${message}` : ` ${response.statusText}`.trimEnd();
  return new UpstreamError(
    service,
    redact(`${service} answered ${response.status}${detail}`, secrets),
    response.status,
  );
}

/**
 * Runs `work`; if an outside service failed (an UpstreamError), logs it with its cause and refuses
 * the request with 502 and `refusal(error)`, which may quote the error's message (it never holds a
 * secret; the cause, which the log alone sees, may). Any other error passes through unchanged.
 */
export async function refuseWhenUpstreamFails<T>(
  action: string,
  refusal: (error: UpstreamError) => string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const cause = error.cause === undefined ? '' : ` (${describeErrorForLog(error.cause)})`;
    logger.warn(`${action} failed: ${error.message}${cause}`);
    throw new Refusal(502, refusal(error), { cause: error });
  }
}
