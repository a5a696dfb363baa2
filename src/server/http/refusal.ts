import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface RefusalOptions {
  /** A stable machine-readable reason the web app may branch on (sent as `code`). */
  code?: string;
  /** Further fields of the answer's body, beside `error` (e.g. the plan's `limit`, the `field` at fault). */
  details?: Record<string, unknown>;
  /** The error that led to the refusal, kept for debugging. */
  cause?: unknown;
}

/**
 * The one way a service refuses a request: an HTTP status and a message the user can read as it
 * is. `app.onError` (app.ts) answers it as `{ error: message, code?, ...details }` with that
 * status, so routes never catch to translate. Anything else thrown is a fault: a logged 500.
 * A refusal is not logged there: the service logs what the operator should know before it refuses.
 */
export class Refusal extends Error {
  override name = 'Refusal';
  readonly status: ContentfulStatusCode;
  readonly code: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(status: ContentfulStatusCode, message: string, options: RefusalOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.code = options.code;
    this.details = options.details;
  }

  /** The answer's body: the message as `error`, then `code` when set, then the details. */
  body(): Record<string, unknown> {
    return { error: this.message, ...(this.code === undefined ? {} : { code: this.code }), ...this.details };
  }
}
