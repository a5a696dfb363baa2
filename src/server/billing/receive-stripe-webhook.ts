import Stripe from 'stripe';
import { Refusal } from '../http/refusal';
import { logger } from '../observability/logger';
import { webhookDeliveriesRefused } from '../observability/metrics';
import type { BillingEventOutcome } from './apply-billing-event';
import { handleStripeEvent, type StripeEventContext } from './handle-stripe-event';

/**
 * One delivery of the provider's webhook. The signature must cover the exact raw bytes (400
 * "Invalid signature" otherwise, nothing changed). When the changed object cannot be read back
 * from the provider the answer is 503: the event was not recorded, and the provider retries it.
 */
export async function receiveStripeWebhook(
  context: StripeEventContext,
  webhookSecret: string,
  payload: Buffer,
  signature: string | undefined,
): Promise<BillingEventOutcome> {
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('no Stripe-Signature header');
    event = context.stripe.webhooks.constructEvent(payload, signature, webhookSecret);
  } catch (error) {
    webhookDeliveriesRefused.inc({ provider: 'stripe', reason: 'signature' });
    logger.warn(`billing: refused a webhook: ${error instanceof Error ? error.message : String(error)}`);
    throw new Refusal(400, 'Invalid signature', { cause: error });
  }
  try {
    return await handleStripeEvent(context, event);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    webhookDeliveriesRefused.inc({ provider: 'stripe', reason: 'provider-unreachable' });
    logger.warn(`billing: ${event.type} ${event.id} could not be read back from the provider: ${error.message}`);
    throw new Refusal(503, 'The payment provider could not be reached; retry later', { cause: error });
  }
}
