import type { ExportDestination } from '#domain/integrations/export-destination.ts';
import type { OfferRange } from '#domain/offer/compute-offer-range.ts';
import type { Database } from '../db/database';
import { leadEvents, leads } from '../db/schema';
import { ownedRow } from '../db/workspace-scope';
import type { DealReader } from '../deals/resolve-deal';

/**
 * After a lead of the member's workspace was exported (issue 26 §5, who did what): one entry on its
 * history naming the member and where it went, with the offer range exported, and the lead touched
 * so that every member's open page hears of it. Written only once the destination took the deal, so a
 * failed export leaves no entry. A lead gone from the workspace meanwhile gets none.
 */
export async function recordLeadExport(
  db: Database,
  member: DealReader,
  leadId: string,
  destination: ExportDestination,
  offerRange: OfferRange,
) {
  await db.transaction(async (tx) => {
    const at = new Date();
    const touched = await tx
      .update(leads)
      .set({ updatedAt: at })
      .where(ownedRow(leads, leadId, member.workspaceId))
      .returning({ id: leads.id });
    if (touched.length === 0) return;
    await tx.insert(leadEvents).values({
      leadId,
      kind: 'export',
      exportedTo: destination,
      offerLow: offerRange.low,
      offerHigh: offerRange.high,
      actorUserId: member.userId,
      createdAt: at,
    });
  });
}
