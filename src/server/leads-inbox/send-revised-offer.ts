import { eq } from 'drizzle-orm';
import type { RevisedOfferRequest } from '../../domain/leads/lead-inbox-requests';
import type { OfferSnapshot } from '../../domain/offer/offer-snapshot';
import { revisedOfferEmail } from '../../domain/offer/revised-offer-email';
import type { AppContext } from '../app-context';
import { normalizeUnsubscribeEmail } from '../bulk-send/unsubscribe-token';
import { emailUnsubscribes, leadEvents, leads, offerLinks } from '../db/schema';
import { enqueueEmail } from '../email/enqueue-email';
import { Refusal } from '../http/refusal';
import { insertOfferLink } from '../offer-links/insert-offer-link';
import { readWholesaler } from '../profile/read-wholesaler';
import { lockOwnedLead } from './find-owned-lead';

export const revisedOfferMessages = {
  noEmail: 'This lead has no e-mail address to send an offer to',
  unsubscribed: 'This homeowner has unsubscribed from offer e-mails',
  noMarketValue: 'Please enter the market value for this offer',
  aboveMarketValue: 'The offer range cannot be above the market value',
} as const;

/**
 * Sends the homeowner of the user's lead a revised offer: a new answerable offer link (same
 * property, new range, valid 7 days: §9) that answers into this lead, its e-mail queued in the
 * outbox, the lead's current offer and history updated, all in one transaction. Refused when the
 * lead has no e-mail, the homeowner unsubscribed, or the range is above the market value.
 */
export async function sendRevisedOffer(
  { env, database }: AppContext,
  userId: string,
  leadId: string,
  request: RevisedOfferRequest,
) {
  const wholesaler = await readWholesaler(database.db, userId);
  if (!wholesaler) throw new Error(`user ${userId} is gone`);
  return database.db.transaction(async (tx) => {
    const lead = await lockOwnedLead(tx, userId, leadId);
    if (!lead.email) throw new Refusal(409, revisedOfferMessages.noEmail, { code: 'lead-without-email' });
    const [unsubscribed] = await tx
      .select({ email: emailUnsubscribes.email })
      .from(emailUnsubscribes)
      .where(eq(emailUnsubscribes.email, normalizeUnsubscribeEmail(lead.email)));
    if (unsubscribed) throw new Refusal(409, revisedOfferMessages.unsubscribed, { code: 'homeowner-unsubscribed' });

    const [original] = lead.offerLinkId
      ? await tx.select().from(offerLinks).where(eq(offerLinks.id, lead.offerLinkId))
      : [];
    const marketValue = request.marketValue ?? lead.marketValue ?? original?.marketValue;
    if (marketValue == null)
      throw new Refusal(400, revisedOfferMessages.noMarketValue, { details: { field: 'marketValue' } });
    if (request.offerRange.high > marketValue) {
      throw new Refusal(400, revisedOfferMessages.aboveMarketValue, { details: { field: 'offerRange.high' } });
    }
    const offer: OfferSnapshot = {
      address: lead.address,
      marketValue,
      repairs: original?.repairs ?? [],
      totalRepairCost: original?.totalRepairCost ?? 0,
      templateName: original?.templateName ?? '',
      offerRange: request.offerRange,
      formula: null,
    };
    const link = await insertOfferLink(tx, env.APP_URL, {
      userId,
      source: 'revised-offer',
      offer,
      recipient: { name: lead.name, email: lead.email },
      revisesLeadId: lead.id,
    });
    const email = revisedOfferEmail({
      address: lead.address,
      offerRange: request.offerRange,
      offerUrl: link.url,
      letterUrl: link.letterUrl,
      expiresAt: link.expiresAt,
      homeownerName: lead.name,
      wholesaler,
      message: request.message,
    });
    const { id: emailId } = await enqueueEmail(tx, {
      ...email,
      to: lead.email,
      from: env.EMAIL_FROM,
      replyTo: wholesaler.replyTo,
    });
    await tx.insert(leadEvents).values({
      leadId: lead.id,
      kind: 'revised-offer',
      offerLinkId: link.id,
      offerLow: request.offerRange.low,
      offerHigh: request.offerRange.high,
      text: request.message,
      createdAt: link.createdAt,
    });
    await tx
      .update(leads)
      .set({
        offerLow: request.offerRange.low,
        offerHigh: request.offerRange.high,
        marketValue,
        updatedAt: link.createdAt,
      })
      .where(eq(leads.id, lead.id));
    return {
      offerLink: {
        id: link.id,
        url: link.url,
        expiresAt: link.expiresAt.toISOString(),
        offerRange: request.offerRange,
      },
      emailId,
    };
  });
}
