import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * Every machine-readable reason a caller of the API may be given (sent as `code`), in one casing,
 * kebab-case, and in this one list, sorted. A new reason is added here, in alphabetical order; the
 * web app and the workers branch on these, never on messages. Better Auth's own codes (its
 * SCREAMING_SNAKE_CASE in JSON, its snake_case in a redirect's `error` query) reach a caller only
 * in this casing, translated where /api/auth answers (auth/auth-codes.ts): those marked below; any
 * other of its codes is answered as 'auth-refused', its message unchanged.
 */
export const refusalCodes = [
  'account-not-linked', // Better Auth's
  'address-not-found',
  'already-a-member',
  'already-confirmed',
  'assignment-not-ready',
  'auth-refused',
  'bad-content-length',
  'busy',
  'buyer-email-taken',
  'confirmation-stale',
  'credential-account-not-found', // Better Auth's
  'cross-site-navigation-login-blocked', // Better Auth's
  'cross-site-request',
  'daily-limit',
  'deal-link-expired',
  'deal-not-found',
  'email-can-not-be-updated', // Better Auth's
  'email-not-verified',
  'failed-to-create-user', // Better Auth's
  'figures-out-of-range',
  'follow-up-active',
  'ghl-key-missing',
  'ghl-stage-unknown',
  'handle-taken',
  'invalid-callback-url', // Better Auth's
  'invalid-code', // Better Auth's
  'invalid-email', // Better Auth's
  'invalid-email-or-password', // Better Auth's
  'invalid-error-callback-url', // Better Auth's
  'invalid-link',
  'invalid-new-user-callback-url', // Better Auth's
  'invalid-origin', // Better Auth's
  'invalid-password', // Better Auth's
  'invalid-redirect-url', // Better Auth's
  'invalid-token', // Better Auth's
  'invitation-closed',
  'lead-not-found',
  'lead-notes-full',
  'lead-past-new',
  'lead-status-not-for-sequence',
  'lead-tasks-full',
  'lead-without-email',
  'lead-without-offer',
  'link-or-markup',
  'lob-not-connected',
  'lob-unavailable',
  'mail-cap-exceeded',
  'missing-or-null-origin', // Better Auth's
  'name-too-long',
  'no-code', // Better Auth's
  'no-free-seat',
  'no-provider-subscription',
  'no-reply-to',
  'not-a-member',
  'not-allowed',
  'not-enough-comps',
  'not-found',
  'not-the-recipient',
  'nothing-to-mail',
  'nothing-to-print',
  'nul-character',
  'offer-expired',
  'offer-not-found',
  'offer-unworkable',
  'own-workspace',
  'paid-plans-unavailable',
  'password-length',
  'password-too-common',
  'password-too-long', // Better Auth's
  'password-too-short', // Better Auth's
  'payload-too-large',
  'phone-required',
  'photo-not-found',
  'photo-unreadable',
  'photos-full',
  'postal-address-required',
  'pro-only',
  'profile-link-or-markup',
  'prospect-already-lead',
  'rate-limited',
  'recipient-cooldown',
  'recipient-unsubscribed',
  'reply-to-changed',
  'seat-suspended',
  'seats-below-taken',
  'seats-need-pro',
  'send-preparing',
  'server-busy',
  'session-expired', // Better Auth's
  'sheets-not-connected',
  'state-mismatch', // Better Auth's
  'state-not-found', // Better Auth's
  'task-not-found',
  'token-expired', // Better Auth's
  'too-many-attempts',
  'too-many-members',
  'too-many-streams',
  'too-many-verification-emails',
  'too-many-versions',
  'unable-to-get-user-info', // Better Auth's
  'unable-to-link-account', // Better Auth's
  'unknown-phone',
  'unsupported-media-type',
  'use-workspace-routes',
  'user-already-exists', // Better Auth's
  'user-already-exists-use-another-email', // Better Auth's
  'user-not-found', // Better Auth's
  'validation-error', // Better Auth's
  'wholesaler-not-found',
  'workspace-access-ended',
  'wrong-number',
  'you-are-not-allowed-to-delete-this-member', // Better Auth's organization plugin's (workspaces/plugin-refusal.ts)
  'you-are-not-allowed-to-update-this-member', // Better Auth's organization plugin's (workspaces/plugin-refusal.ts)
  'you-cannot-leave-the-organization-as-the-only-owner', // Better Auth's organization plugin's (workspaces/plugin-refusal.ts)
  'you-cannot-leave-the-organization-without-an-owner', // Better Auth's organization plugin's (workspaces/plugin-refusal.ts)
] as const;

export type RefusalCode = (typeof refusalCodes)[number];

const listedCodes: ReadonlySet<string> = new Set(refusalCodes);

/** Whether `code` is one of refusalCodes. */
export const isRefusalCode = (code: string): code is RefusalCode => listedCodes.has(code);

/** `SCREAMING_SNAKE_CASE` (or `snake_case`) as `kebab-case`, at the type level. */
export type KebabCase<Code extends string> = Code extends `${infer Head}_${infer Tail}`
  ? `${Lowercase<Head>}-${KebabCase<Tail>}`
  : Lowercase<Code>;

/** `SCREAMING_SNAKE_CASE` (or `snake_case`) as `kebab-case`. */
export function kebabCase<Code extends string>(code: Code): KebabCase<Code> {
  return code.toLowerCase().replaceAll('_', '-') as KebabCase<Code>;
}

export interface RefusalOptions {
  /** A stable machine-readable reason the web app may branch on (sent as `code`). */
  code?: RefusalCode;
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
  readonly code: RefusalCode | undefined;
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
