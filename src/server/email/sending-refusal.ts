import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { Refusal, type RefusalCode, type RefusalOptions } from '../http/refusal';

/** The reasons the sending policy (sendToThirdParty, assertSenderMaySend) refuses a message for. */
export type SendingRefusalCode = Extract<
  RefusalCode,
  | 'email-not-verified'
  | 'postal-address-required'
  | 'profile-link-or-markup'
  | 'link-or-markup'
  | 'recipient-unsubscribed'
  | 'recipient-cooldown'
  | 'daily-limit'
>;

/** A refusal of the sending policy: answered over HTTP as any Refusal, decoded for the workers by sendingRefusalOf. */
export class SendingRefusal extends Refusal {
  declare readonly code: SendingRefusalCode;

  constructor(status: ContentfulStatusCode, message: string, options: RefusalOptions & { code: SendingRefusalCode }) {
    super(status, message, options);
  }
}

/**
 * Why the sending policy refused a message a worker was sending (a bulk offer, a follow-up step),
 * decoded here for every worker: the sender may not e-mail anyone else (account e-mail not
 * verified, no postal address, a link in their profile), the message's own words carry a link or
 * markup, the recipient unsubscribed, the recipient was e-mailed too recently, or the sender's
 * daily quota is used up.
 */
export type SendingRefusalReason =
  'sender-cannot-send' | 'link-or-markup' | 'recipient-unsubscribed' | 'recipient-cooldown' | 'daily-limit';

/** The sending policy's refusal in `error`, with its reason and its message; null when `error` is anything else. */
export function sendingRefusalOf(error: unknown): { reason: SendingRefusalReason; message: string } | null {
  if (!(error instanceof SendingRefusal)) return null;
  return { reason: reasonOf(error.code), message: error.message };
}

function reasonOf(code: SendingRefusalCode): SendingRefusalReason {
  switch (code) {
    case 'email-not-verified':
    case 'postal-address-required':
    case 'profile-link-or-markup':
      return 'sender-cannot-send';
    case 'link-or-markup':
    case 'recipient-unsubscribed':
    case 'recipient-cooldown':
    case 'daily-limit':
      return code;
  }
}
