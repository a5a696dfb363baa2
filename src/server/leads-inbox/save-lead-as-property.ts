import { and, eq } from 'drizzle-orm';
import type { SavePropertyRequest } from '#domain/properties/save-property-request.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { AppContext } from '../app-context';
import { leads, offerLinks } from '../db/schema';
import { leadsVisibleTo } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { saveOfferFigures, saveProperty } from '../properties/save-property';
import { leadNotFound } from './find-owned-lead';

export const saveLeadMessages = {
  noOffer: 'This lead has no offer with a market value to save',
} as const;

/**
 * Saves a lead the member sees as a saved property of their workspace, its deal from then on: the
 * calculator's figures for it when given (saveProperty), else its address, market value, the repairs of the
 * offer it answered, its current offer range and the homeowner's contact, through
 * saveOfferFigures, so the offer webhook and the plan's saved-property limit apply as for any
 * save (§4 Save, §6; the workspace's plan), and made the lead's deal. 404 for a lead they do not see.
 */
export async function saveLeadAsProperty(
  context: AppContext,
  member: WorkspaceMember,
  leadId: string,
  calculation?: SavePropertyRequest,
) {
  const { db } = context.database;
  const [lead] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), leadsVisibleTo(member)));
  if (!lead) throw leadNotFound();
  const property = calculation
    ? await saveProperty(context, member.workspaceId, calculation)
    : await saveLeadOffer(context, member, lead);
  // The saved property is the lead's deal from now on (issue 42 §4): its figures open in the
  // calculator and revise offers. Linked after the save, which has its own transaction (the plan's lock).
  await db
    .update(leads)
    .set({ savedPropertyId: property.id })
    .where(and(eq(leads.id, lead.id), leadsVisibleTo(member)));
  return property;
}

/** The lead's own offer as a saved property: its address, market value, its offer's repairs and range, its homeowner. */
async function saveLeadOffer(context: AppContext, member: WorkspaceMember, lead: typeof leads.$inferSelect) {
  const { db } = context.database;
  if (lead.marketValue === null || lead.offerLow === null || lead.offerHigh === null) {
    throw new Refusal(409, saveLeadMessages.noOffer, { code: 'lead-without-offer' });
  }
  const [link] = lead.offerLinkId ? await db.select().from(offerLinks).where(eq(offerLinks.id, lead.offerLinkId)) : [];
  return saveOfferFigures(context, member.workspaceId, {
    address: lead.address,
    marketValue: lead.marketValue,
    repairCosts: link?.repairs ?? [],
    totalRepairCost: link?.totalRepairCost ?? 0,
    offerRange: { low: lead.offerLow, high: lead.offerHigh },
    // The link's formula made this range unless the wholesaler revised it by hand since.
    formula: link && link.offerLow === lead.offerLow && link.offerHigh === lead.offerHigh ? link.formula : null,
    contact: { name: lead.name ?? 'Homeowner', email: lead.email ?? '', phone: lead.phone ?? '' },
  });
}
