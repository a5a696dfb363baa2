import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { statusAfterTouch, type ProspectTouchKind } from '#domain/prospects/prospect-touch.ts';
import type { Transaction } from '../db/database';
import { bulkSendItems, mailShortCodes, offerLinks, prospects, prospectTouches } from '../db/schema';
import { ownedRow } from '../db/workspace-scope';

/** Whom a touch is about. */
export type ProspectSelector =
  /** One prospect of the workspace (a member's call or promotion). */
  | { prospectId: string; workspaceId: string }
  /** The prospect a bulk-send item reached (its offer e-mail was queued). */
  | { bulkSendItemId: string }
  /** The prospect an offer link was made for, e-mailed or mailed (its answer). */
  | { offerLinkId: string }
  /** Every prospect e-mailed at this mailbox, however spelt (homeownerEmailKey): an unsubscribe, a complaint. */
  | { emailKey: string }
  /** Every prospect e-mailed at this one exact address (lower-cased): a bounce. */
  | { exactEmail: string };

export interface ProspectTouch {
  kind: ProspectTouchKind;
  at: Date;
  /** The send it belongs to; undefined: the item's send for an item or an offer link, else the prospect's latest send. */
  sendJobId?: string | null;
  detail?: string;
  actorUserId?: string | null;
  /** The lead an answer (or a promotion) made of them. */
  leadId?: string;
}

interface Target {
  id: string;
  workspaceId: string;
  status: (typeof prospects.$inferSelect)['status'];
  sendJobId: string | null;
}

/** The prospects the selector names, locked, with the send a touch of theirs belongs to. */
async function targetsOf(tx: Transaction, selector: ProspectSelector): Promise<Target[]> {
  const columns = { id: prospects.id, workspaceId: prospects.workspaceId, status: prospects.status };
  if ('bulkSendItemId' in selector || 'offerLinkId' in selector) {
    const through: SQL =
      'bulkSendItemId' in selector
        ? eq(bulkSendItems.id, selector.bulkSendItemId)
        : eq(
            bulkSendItems.id,
            sql`(select ${offerLinks.bulkSendItemId} from ${offerLinks} where ${offerLinks.id} = ${selector.offerLinkId})`,
          );
    const reached = await tx
      .select({ ...columns, sendJobId: bulkSendItems.jobId })
      .from(prospects)
      .innerJoin(bulkSendItems, eq(bulkSendItems.prospectId, prospects.id))
      .where(through)
      .for('update', { of: prospects });
    if ('bulkSendItemId' in selector || reached.length > 0) return reached;
    // A mailed offer's link: the prospect its short codes were printed for (a mail touch belongs to no bulk send).
    return tx
      .select({ ...columns, sendJobId: sql<string | null>`null` })
      .from(prospects)
      .where(
        inArray(
          prospects.id,
          tx
            .select({ id: mailShortCodes.prospectId })
            .from(mailShortCodes)
            .where(eq(mailShortCodes.offerLinkId, selector.offerLinkId)),
        ),
      )
      .for('update');
  }
  const where =
    'prospectId' in selector
      ? ownedRow(prospects, selector.prospectId, selector.workspaceId)
      : 'emailKey' in selector
        ? sql`${prospects.emailKeys} @> ${JSON.stringify([selector.emailKey])}::jsonb`
        : sql`${prospects.emails} @> ${JSON.stringify([selector.exactEmail])}::jsonb`;
  return tx
    .select({ ...columns, sendJobId: prospects.lastSendJobId })
    .from(prospects)
    .where(where)
    .for('update');
}

/**
 * The one place a prospect's touch is written (e-mailed, bounced, unsubscribed, answered, called,
 * and the mail's own), inside the caller's transaction: the touch, the prospect's last touch, and
 * its status as statusAfterTouch says, or 'lead' with the lead it links (an answer, a promotion). Nothing happens for
 * addresses or items no prospect has (sends stored before prospects were kept). Returns how many
 * prospects were touched.
 */
export async function recordProspectTouch(
  tx: Transaction,
  selector: ProspectSelector,
  touch: ProspectTouch,
): Promise<number> {
  const targets = await targetsOf(tx, selector);
  if (targets.length === 0) return 0;
  await tx.insert(prospectTouches).values(
    targets.map((target) => ({
      workspaceId: target.workspaceId,
      prospectId: target.id,
      kind: touch.kind,
      at: touch.at,
      sendJobId: touch.sendJobId === undefined ? target.sendJobId : touch.sendJobId,
      detail: touch.detail ?? '',
      actorUserId: touch.actorUserId ?? null,
    })),
  );
  // Prospects in one status after this touch are updated together.
  const byStatus = new Map<Target['status'], string[]>();
  for (const target of targets) {
    // A touch that made them a lead (an answer, a promotion after a call) leaves them one.
    const status = touch.leadId ? 'lead' : statusAfterTouch(target.status, touch.kind);
    byStatus.set(status, [...(byStatus.get(status) ?? []), target.id]);
  }
  for (const [status, ids] of byStatus) {
    await tx
      .update(prospects)
      .set({
        status,
        lastTouchKind: touch.kind,
        lastTouchAt: touch.at,
        updatedAt: touch.at,
        ...(touch.leadId ? { leadId: touch.leadId } : {}),
      })
      .where(inArray(prospects.id, ids));
  }
  return targets.length;
}
