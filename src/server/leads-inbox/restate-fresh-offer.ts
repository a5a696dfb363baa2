import { and, eq, inArray } from 'drizzle-orm';
import { freshOfferFormula, freshOfferRange } from '#domain/follow-ups/fresh-offer.ts';
import { findWorkspaceTemplate } from '../custom-templates/custom-templates';
import type { Transaction } from '../db/database';
import { leadEvents, leads, offerLinks } from '../db/schema';
import { inWorkspace, ownedRow } from '../db/workspace-scope';
import type { RestateFreshOffer } from '../follow-ups/run-due-follow-ups';
import { insertOfferLink } from '../offer-links/insert-offer-link';

/**
 * A fresh offer for a lead of the workspace, as a revised offer is made: its range computed from the
 * lead's figures now (its market value, the repairs of the offer it was last made, freshOfferFormula:
 * the formula that offer was computed with, else the workspace's template of its name), kept with its
 * formula on a new answerable link (valid 7 days, answering into the lead), inside `tx`; when it is
 * `sent`, the lead's current offer and its history say so, as a revised offer's do. Null when there
 * is nothing to compute from or the deal does not work at that value.
 */
export const restateFreshOffer: RestateFreshOffer = async (
  tx: Transaction,
  { workspaceId, senderUserId, leadId, basisOfferLinkId, at, appUrl, sent },
) => {
  const [lead] = await tx
    .select()
    .from(leads)
    .where(ownedRow(leads, leadId, workspaceId));
  if (!lead) return null;
  const ids = [...new Set([basisOfferLinkId, lead.offerLinkId].filter((id): id is string => id !== null))];
  const found =
    ids.length === 0
      ? []
      : await tx
          .select()
          .from(offerLinks)
          .where(and(inArray(offerLinks.id, ids), inWorkspace(offerLinks, workspaceId)));
  // The offer the sequence states first, then the one the lead answered.
  const links = ids.flatMap((id) => found.filter((link) => link.id === id));
  const basis = links[0];
  const marketValue = lead.marketValue ?? basis?.marketValue;
  if (marketValue == null) return null;
  const kept = links.find((link) => link.formula)?.formula ?? null;
  const templateName = links.find((link) => link.templateName)?.templateName ?? '';
  // The template of that name is read only when no formula was kept, by its one indexed lookup.
  const named = kept ? null : await findWorkspaceTemplate(tx, workspaceId, templateName);
  const formula = freshOfferFormula({ kept, templateName, workspaceTemplates: named ? [named] : [] });
  const totalRepairCost = basis?.totalRepairCost ?? 0;
  const range = freshOfferRange({ marketValue, totalRepairCost, formula });
  if (!range) return null;
  const link = await insertOfferLink(tx, appUrl, {
    workspaceId,
    userId: senderUserId,
    source: 'revised-offer',
    offer: {
      address: lead.address,
      marketValue,
      repairs: basis?.repairs ?? [],
      totalRepairCost,
      templateName: formula.name,
      offerRange: range,
      formula,
    },
    recipient: { name: lead.name, email: lead.email },
    revisesLeadId: lead.id,
    createdAt: at,
  });
  if (!sent) return { id: link.id, url: link.url };
  await tx
    .update(leads)
    .set({ offerLow: range.low, offerHigh: range.high, marketValue, updatedAt: at })
    .where(eq(leads.id, lead.id));
  await tx.insert(leadEvents).values({
    leadId: lead.id,
    kind: 'revised-offer',
    offerLinkId: link.id,
    offerLow: range.low,
    offerHigh: range.high,
    text: `A fresh offer e-mailed by the follow-ups, computed with ${formula.name}`,
    actorUserId: null,
    createdAt: at,
  });
  return { id: link.id, url: link.url };
};
