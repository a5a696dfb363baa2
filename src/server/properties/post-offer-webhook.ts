import type { OfferRange } from '#domain/offer/compute-offer-range.ts';
import { postAutomationWebhook } from '../http/outbound/post-automation-webhook';

export interface OfferWebhookPayload {
  contactInfo: { name: string; email: string; phone: string };
  propertyInfo: { address: string; marketValue: number; totalRepairCost: number; offerRange: OfferRange };
}

/** §7: posts the offer to the automation webhook before a save; a non-ok answer, a timeout or a network failure is an UpstreamError. */
export function postOfferWebhook(url: string, payload: OfferWebhookPayload): Promise<void> {
  return postAutomationWebhook('The offer webhook', url, payload);
}
