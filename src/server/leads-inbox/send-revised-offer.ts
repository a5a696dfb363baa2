import { eq } from 'drizzle-orm';
import type { RevisedOfferRequest } from '#domain/leads/lead-inbox-requests.ts';
import { roundToCents } from '#domain/money/round-to-cents.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { calculationMessages } from '#domain/offer/calculation-messages.ts';
import {
  computeOfferReceipt,
  namedFormula,
  offerIsWorkable,
  type NamedOfferFormula,
} from '#domain/offer/compute-offer-range.ts';
import { showOffer } from '#domain/offer/homeowner-view.ts';
import type { OfferSnapshot } from '#domain/offer/offer-snapshot.ts';
import { revisedOfferEmail } from '#domain/offer/revised-offer-email.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { AppContext } from '../app-context';
import { findWorkspaceTemplate } from '../custom-templates/custom-templates';
import type { Transaction } from '../db/database';
import { leadEvents, leads } from '../db/schema';
import { sendingPolicyConfig, sendToThirdParty } from '../email/send-to-third-party';
import { readWorkspaceHomeownerView } from '../homeowner-view/homeowner-view-store';
import { Refusal } from '../http/refusal';
import { insertOfferLink } from '../offer-links/insert-offer-link';
import { readWholesaler } from '../profile/read-wholesaler';
import { lockOwnedLead } from './find-owned-lead';
import { readDealFigures } from './read-deal-figures';

export const revisedOfferMessages = {
  noEmail: 'This lead has no e-mail address to send an offer to',
  unknownTemplate: 'Unknown formula template',
} as const;

/**
 * Sends the homeowner of a lead the member sees a revised offer, signed by the member's profile in
 * the workspace, computed here from the deal's figures as they now stand (issue 42 §4: the market
 * value and the repairs the walkthrough found) with the workspace's template (the one named, else the
 * one the deal's range was last computed with, else Standard Wholesale): a new answerable offer link
 * (same property, new figures, range and formula, valid 7 days: §9) that answers into this lead, its
 * e-mail (carrying the figures the workspace lets homeowners see) queued through the sending policy
 * (sendToThirdParty: verified sender, postal address, plain-text address and message, not
 * unsubscribed, cooldown, daily quota), the lead's current offer and history updated, all in one
 * transaction. Refused when the lead has no e-mail, the template is unknown, the figures give no
 * workable offer, or the policy refuses. Answers the offer link and how its range was computed.
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
  const homeownerView = await readWorkspaceHomeownerView(database.db, workspaceId);
  return database.db.transaction(async (tx) => {
    const lead = await lockOwnedLead(tx, member, leadId);
    if (!lead.email) throw new Refusal(409, revisedOfferMessages.noEmail, { code: 'lead-without-email' });
    const homeownerEmail = lead.email;

    const formula = await revisedOfferFormula(tx, workspaceId, request.templateName, lead);
    const totalRepairCost = roundToCents(request.repairs.reduce((total, repair) => total + repair.cost, 0));
    const receipt = computeOfferReceipt({ marketValue: request.marketValue, totalRepairCost, template: formula });
    if (!offerIsWorkable(receipt.range)) {
      throw new Refusal(400, calculationMessages.offerUnworkable, { code: 'offer-unworkable' });
    }
    const offer: OfferSnapshot = {
      address: lead.address,
      marketValue: request.marketValue,
      repairs: request.repairs,
      totalRepairCost,
      templateName: formula.name,
      offerRange: receipt.range,
      formula,
    };
    const shown = showOffer({ ...offer, nearbySales: [] }, homeownerView);
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
          offerRange: receipt.range,
          figures: { marketValue: shown.marketValue, repairs: shown.repairs, totalRepairCost: shown.totalRepairCost },
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
      offerLow: receipt.range.low,
      offerHigh: receipt.range.high,
      text: request.message,
      actorUserId: userId,
      createdAt: link.createdAt,
    });
    await tx
      .update(leads)
      .set({
        offerLow: receipt.range.low,
        offerHigh: receipt.range.high,
        marketValue: request.marketValue,
        updatedAt: link.createdAt,
      })
      .where(eq(leads.id, lead.id));
    return {
      offerLink: {
        id: link.id,
        url: link.url,
        expiresAt: link.expiresAt.toISOString(),
        offerRange: receipt.range,
      },
      receipt,
      templateName: formula.name,
      emailId,
    };
  });
}

/**
 * The formula a revised offer is computed with: the workspace's template `name` (400 on the
 * templateName field when it has none by that name), else the one the deal's range was last
 * computed with, else Standard Wholesale.
 */
async function revisedOfferFormula(
  tx: Transaction,
  workspaceId: string,
  name: string | undefined,
  lead: Parameters<typeof readDealFigures>[1],
): Promise<NamedOfferFormula> {
  if (name !== undefined && name.trim() !== '') {
    const template = await findWorkspaceTemplate(tx, workspaceId, name);
    if (!template) {
      throw new Refusal(400, revisedOfferMessages.unknownTemplate, { details: { field: 'templateName' } });
    }
    return namedFormula(template);
  }
  const { formula } = await readDealFigures(tx, lead);
  return formula ?? namedFormula(defaultTemplate);
}
