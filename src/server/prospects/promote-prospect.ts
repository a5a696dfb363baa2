import { desc, eq, inArray, or } from 'drizzle-orm';
import type { PromoteProspectRequest } from '#domain/prospects/prospect-requests.ts';
import type { WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { Database } from '../db/database';
import { bulkSendItems, mailShortCodes, offerLinks, prospects } from '../db/schema';
import { ownedRow } from '../db/workspace-scope';
import type { Env } from '../env';
import { Refusal } from '../http/refusal';
import { recordLead } from '../leads/record-lead';
import { recordProspectTouch } from '../prospect-touches/record-prospect-touch';
import { prospectMessages } from './get-prospect';

/**
 * A member promotes a prospect after a call: the owner becomes a lead of the workspace, through the
 * leads' one insert path (recordLead: its history, assignment to the member, the notification, and
 * the follow-ups of the owner's offer stopped), answered on the latest offer the sends made them
 * (one lead per offer link and homeowner) and coming by that send's channel (Bulk e-mail or Mail),
 * and the call is the prospect's touch. The prospect row
 * is locked first: one lead per owner and home, however many members promote at once (a second
 * promotion, or one after the owner answered, is 409 'prospect-already-lead'). Another
 * workspace's prospect is 404, unchanged.
 */
export async function promoteProspect(
  db: Database,
  env: Pick<Env, 'APP_URL' | 'EMAIL_FROM' | 'LEADS_EMAIL'>,
  member: Pick<WorkspaceMember, 'workspaceId' | 'userId'>,
  prospectId: string,
  request: PromoteProspectRequest,
  at = new Date(),
): Promise<{ leadId: string }> {
  return db.transaction(async (tx) => {
    const [prospect] = await tx
      .select()
      .from(prospects)
      .where(ownedRow(prospects, prospectId, member.workspaceId))
      .for('update');
    if (!prospect) throw new Refusal(404, prospectMessages.notFound, { code: 'not-found' });
    if (prospect.leadId) {
      throw new Refusal(409, prospectMessages.alreadyLead, {
        code: 'prospect-already-lead',
        details: { leadId: prospect.leadId },
      });
    }
    // The latest offer a send made them, e-mailed or on a mailed piece (whose follow-ups by mail then
    // stop, as an answer's do): the lead comes by that send's channel.
    const [offer] = await tx
      .select({ id: offerLinks.id, source: offerLinks.source })
      .from(offerLinks)
      .where(
        or(
          inArray(
            offerLinks.bulkSendItemId,
            tx.select({ id: bulkSendItems.id }).from(bulkSendItems).where(eq(bulkSendItems.prospectId, prospect.id)),
          ),
          inArray(
            offerLinks.id,
            tx
              .select({ id: mailShortCodes.offerLinkId })
              .from(mailShortCodes)
              .where(eq(mailShortCodes.prospectId, prospect.id)),
          ),
        ),
      )
      .orderBy(desc(offerLinks.createdAt), desc(offerLinks.id))
      .limit(1);
    const offerRange =
      prospect.offerLow !== null && prospect.offerHigh !== null
        ? { low: prospect.offerLow, high: prospect.offerHigh }
        : null;
    const { leadId } = await recordLead(tx, env, {
      workspace: { id: member.workspaceId, answeredMemberUserId: member.userId },
      answer: {
        kind: request.kind,
        desiredPrice: request.desiredPrice ?? null,
        source: offer?.source === 'mail' ? 'mail' : 'bulk-email',
        address: prospect.address,
        marketValue: prospect.marketValue,
        offerRange,
        contact: { name: prospect.name, email: prospect.emails[0] ?? '', phone: prospect.phones[0] ?? '' },
        message: request.note,
        details: { notes: request.note },
      },
      offerLinkId: offer?.id ?? null,
      revisesLeadId: null,
      at,
    });
    await recordProspectTouch(
      tx,
      { prospectId: prospect.id, workspaceId: member.workspaceId },
      {
        kind: 'called',
        at,
        actorUserId: member.userId,
        leadId,
        detail: request.note || 'Promoted to lead after a call',
      },
    );
    return { leadId };
  });
}
