import type { Buyer } from '#domain/buyers/buyer-request.ts';
import { homeownerEmailKey } from '#domain/email/homeowner-email-key.ts';

/** A checked buyer as its row's columns: its e-mail keyed (homeownerEmailKey) for the workspace's one-buyer-per-e-mail index. */
export function unpackedBuyer(buyer: Buyer) {
  return { ...buyer, emailKey: buyer.email === null ? null : homeownerEmailKey(buyer.email) };
}
