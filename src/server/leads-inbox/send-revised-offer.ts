import { eq } from 'drizzle-orm';
import type { RevisedOfferRequest } from '#domain/leads/lead-inbox-requests.ts';
import type { OfferSnapshot } from '#domain/offer/offer-snapshot.ts';
import { revisedOfferEmail } from '#domain/offer/revised-offer-email.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { AppContext } from '../app-context';
import { leadEvents, leads, offerLinks } from '../db/schema';
import { sendingPolicyConfig, sendToThirdParty } from '../email/send-to-third-party';
import { Refusal } from '../http/refusal';
import { insertOfferLink } from '../offer-links/insert-offer-link';
import { readWholesaler } from '../profile/read-wholesaler';
import { lockOwnedLead } from './find-owned-lead';

export const revisedOfferMessages = {
  noEmail: 'This lead has no e-mail address to send an offer to',
  noMarketValue: 'Please enter the market value for this offer',
  aboveMarketValue: 'The offer range cannot be above the market value',
} as const;

/**
 * Sends the homeowner of a lead the member sees a revised offer, signed by the member's profile in
 * the workspace: a new answerable offer link (same
 * property, new range, valid 7 days: §9) that answers into this lead, its e-mail queued through
 * the sending policy (sendToThirdParty: verified sender, postal address, plain-text address and
 * message, not unsubscribed, cooldown, daily quota), the lead's current offer and history updated,
 * all in one transaction. Refused when the lead has no e-mail, the range is above the market
 * value, or the policy refuses.
 */
export async function sendRevisedOffer(
  context: AppContext,
  member: WorkspaceMember,
  leadId: string,
  request: RevisedOfferRequest,
) {
  const { env, database } = context;
  const { workspaceId, userId } = member;
  const wholesaler = await readWholesaler(database.db, member);
  if (!wholesaler) throw new Error(`user ${userId} is gone`);
  return database.db.transaction(async (tx) => {
    const lead = await lockOwnedLead(tx, member, leadId);
    if (!lead.email) throw new Refusal(409, revisedOfferMessages.noEmail, { code: 'lead-without-email' });
    const homeownerEmail = lead.email;

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
    let link: Awaited<ReturnType<typeof insertOfferLink>> | undefined;
    const { id: emailId } = await sendToThirdParty(tx, sendingPolicyConfig(context), {
      workspaceId,
      senderUserId: userId,
      purpose: 'revised-offer',
      to: homeownerEmail,
      typedText: [
        { field: 'address', label: 'The property address', text: lead.address },
        // As the homeowner gave it on the answer form: the greeting.
        { field: 'name', label: "The homeowner's name", text: lead.name ?? '' },
        { field: 'message', label: 'Your message', text: request.message },
      ],
      compose: async (parts) => {
        link = await insertOfferLink(tx, env.APP_URL, {
          workspaceId,
          userId,
          source: 'revised-offer',
          offer,
          recipient: { name: lead.name, email: homeownerEmail },
          revisesLeadId: lead.id,
        });
        return revisedOfferEmail({
          ...parts,
          address: lead.address,
          offerRange: request.offerRange,
          offerUrl: link.url,
          letterUrl: link.letterUrl,
          expiresAt: link.expiresAt,
          homeownerName: lead.name,
          wholesaler,
          message: request.message,
        });
      },
    });
    if (!link) throw new Error('the revised offer was queued without its link');
    await tx.insert(leadEvents).values({
      leadId: lead.id,
      kind: 'revised-offer',
      offerLinkId: link.id,
      offerLow: request.offerRange.low,
      offerHigh: request.offerRange.high,
      text: request.message,
      actorUserId: userId,
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
