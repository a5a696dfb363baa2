import { count, eq } from 'drizzle-orm';
import { joinPhones } from '../../domain/contact/contact-schema';
import { computeOfferRange } from '../../domain/offer/compute-offer-range';
import { planMessages, savedPropertyLimit } from '../../domain/plans/plans';
import type { SavePropertyRequest } from '../../domain/properties/save-property-request';
import { selectedRepairs, totalSelectedRepairCost } from '../../domain/repairs/repair-state';
import type { AppContext } from '../app-context';
import { savedProperties, subscriptions } from '../db/schema';
import { Refusal } from '../http/refusal';
import { refuseWhenUpstreamFails } from '../integrations/upstream';
import { postOfferWebhook } from './post-offer-webhook';

/**
 * Save (spec §4): the offer goes to the automation webhook first (failure stops the save), then the
 * plan limit is checked and the row inserted in one transaction. The subscription row is
 * locked, so concurrent saves by one user are counted one after another.
 */
export async function saveProperty({ env, database }: AppContext, userId: string, request: SavePropertyRequest) {
  // The server computes the figures itself; the browser's copy is only for display.
  const totalRepairCost = totalSelectedRepairCost(request.repairs);
  const offerRange = computeOfferRange({
    marketValue: request.marketValue,
    totalRepairCost,
    template: request.template,
  });
  const contactPhone = joinPhones(request.contact.phones);

  if (env.OFFER_WEBHOOK_URL) {
    const url = env.OFFER_WEBHOOK_URL;
    await refuseWhenUpstreamFails(
      'save',
      () => 'Failed to submit offer. Please try again.',
      () =>
        postOfferWebhook(url, {
          contactInfo: { name: request.contact.name, email: request.contact.email, phone: contactPhone },
          propertyInfo: { address: request.address, marketValue: request.marketValue, totalRepairCost, offerRange },
        }),
    );
  }

  return database.db.transaction(async (tx) => {
    await tx.insert(subscriptions).values({ userId }).onConflictDoNothing();
    const [subscription] = await tx
      .select({ plan: subscriptions.plan })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .for('update');
    const limit = savedPropertyLimit(subscription?.plan ?? 'free');
    const [saved] = await tx.select({ count: count() }).from(savedProperties).where(eq(savedProperties.userId, userId));
    if ((saved?.count ?? 0) >= limit) {
      throw new Refusal(403, planMessages.limitReached(limit), { details: { limit } });
    }

    const [row] = await tx
      .insert(savedProperties)
      .values({
        userId,
        address: request.address,
        marketValue: request.marketValue,
        repairCosts: selectedRepairs(request.repairs).map(({ name, cost }) => ({ name, cost })),
        totalRepairCost,
        cashOfferLow: offerRange.low,
        cashOfferHigh: offerRange.high,
        contactName: request.contact.name,
        contactEmail: request.contact.email,
        contactPhone,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  });
}
