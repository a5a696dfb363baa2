import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * Every machine-readable reason a refusal may give (sent as `code`), in one casing: kebab-case.
 * A new reason is added here, in alphabetical order; the web app and the workers branch on these, never on messages.
 * (The auth endpoints' own codes are Better Auth's, in its SCREAMING_SNAKE_CASE: the library's, not ours.)
 */
export type RefusalCode =
  | 'already-a-member'
  | 'already-confirmed'
  | 'busy'
  | 'confirmation-stale'
  | 'daily-limit'
  | 'email-not-verified'
  | 'figures-out-of-range'
  | 'follow-up-active'
  | 'ghl-key-missing'
  | 'ghl-stage-unknown'
  | 'handle-taken'
  | 'invalid-link'
  | 'invitation-closed'
  | 'lead-not-found'
  | 'lead-notes-full'
  | 'lead-past-new'
  | 'lead-without-email'
  | 'lead-without-offer'
  | 'link-or-markup'
  | 'lob-not-connected'
  | 'lob-unavailable'
  | 'mail-cap-exceeded'
  | 'no-free-seat'
  | 'no-provider-subscription'
  | 'no-reply-to'
  | 'not-a-member'
  | 'not-allowed'
  | 'not-enough-comps'
  | 'not-found'
  | 'not-the-recipient'
  | 'nothing-to-mail'
  | 'offer-expired'
  | 'offer-not-found'
  | 'offer-unworkable'
  | 'own-workspace'
  | 'paid-plans-unavailable'
  | 'postal-address-required'
  | 'phone-required'
  | 'pro-only'
  | 'profile-link-or-markup'
  | 'rate-limited'
  | 'recipient-cooldown'
  | 'recipient-unsubscribed'
  | 'reply-to-changed'
  | 'seats-below-taken'
  | 'seats-need-pro'
  | 'sheets-not-connected'
  | 'too-many-members'
  | 'wholesaler-not-found'
  | 'workspace-access-ended'
  | OrganizationPluginCode;

/**
 * A code of Better Auth's organization plugin in our casing, for the calls still made through it
 * (workspaces/plugin-refusal.ts): `YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER` as `you-are-not-allowed-to-delete-this-member`.
 */
export type OrganizationPluginCode = KebabCase<
  | 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER'
  | 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER'
  | 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER'
  | 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER'
>;

/** `SCREAMING_SNAKE_CASE` as `kebab-case`, at the type level. */
export type KebabCase<Code extends string> = Code extends `${infer Head}_${infer Tail}`
  ? `${Lowercase<Head>}-${KebabCase<Tail>}`
  : Lowercase<Code>;

/** `SCREAMING_SNAKE_CASE` as `kebab-case`. */
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
