import type { OfferRange } from '../../domain/offer/compute-offer-range';

export interface OfferWebhookPayload {
  contactInfo: { name: string; email: string; phone: string };
  propertyInfo: { address: string; marketValue: number; totalRepairCost: number; offerRange: OfferRange };
}

export class OfferWebhookError extends Error {
  override name = 'OfferWebhookError';
}

const TIMEOUT_MS = 10_000;

/** §7: posts the offer to the automation webhook before a save; a non-ok answer or a timeout is an error. */
export async function postOfferWebhook(url: string, payload: OfferWebhookPayload): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new OfferWebhookError(`offer webhook unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new OfferWebhookError(`offer webhook answered ${response.status}: ${body.slice(0, 200)}`);
  }
}
