import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { LostWork } from '#domain/workspaces/lost-work.ts';
import { memberNameOrNeutral } from '#domain/workspaces/member-name.ts';
import { isWorkspaceRole, may } from '#domain/workspaces/roles.ts';
import { cancelBulkSendJob } from '../bulk-send/cancel-bulk-send-job';
import { stoppedItemReasons } from '../bulk-send/queue-due-bulk-items';
import type { Transaction } from '../db/database';
import { memberNameSql } from '../db/member-name';
import { bulkSendItems, bulkSendJobs, followUps, leadEvents, member, offerLinks, user } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { lockLeadsOfFollowUps } from '../follow-ups/lock-leads-first';
import { stopFollowUps } from '../follow-ups/stop-follow-ups';

/**
 * Settles what a member started under a right she no longer has, after a change of her role or
 * switches or before her removal, in one transaction holding her member row:
 * - without the right to bulk send, her running bulk sends stop (cancelBulkSendJob: what waits is
 *   skipped with the reason, queued e-mails not yet picked up are withdrawn). Each is a stranger's
 *   first e-mail, signed with her name and postal address; nobody else chose those recipients, so
 *   none is sent in anyone else's name either;
 * - her running follow-ups that need a right she lost (a bulk offer's: bulk sending; any other:
 *   working deals) go on from the Owner: the homeowners were already written to and answer into
 *   the workspace's leads, which are the business's, not hers. The Owner who made the change takes
 *   them, else the workspace's first Owner; they are on the Owner's follow-ups list and each lead's
 *   history says so. The sending policy checks the Owner as it checks any sender.
 * Both workers check the same rights when they take a step (queue-due-bulk-items.ts,
 * run-due-follow-ups.ts), so a send started while the change was being made stops there. The team
 * routes get this from app.ts (changeMember's `handOverLostWork`): this room reaches billing, which
 * reads the team.
 */
export async function handOverLostWork(
  tx: Transaction,
  {
    workspaceId,
    userId,
    actorUserId,
    removed = false,
  }: {
    workspaceId: string;
    userId: string;
    actorUserId: string;
    /** She is being removed from the workspace: every right goes, whatever her row still says. */
    removed?: boolean;
  },
): Promise<LostWork> {
  const lost: LostWork = { bulkSendsStopped: 0, emailsNotSent: 0, followUpsHandedOver: 0, handedTo: null };
  const [row] = await tx
    .select({
      role: member.role,
      mayBulkSendAndExport: member.mayBulkSendAndExport,
      name: memberNameSql(workspaceId),
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, workspaceId), eq(member.userId, userId)))
    .for('update', { of: member });
  if (!row || !isWorkspaceRole(row.role)) return lost;
  const rights = { role: row.role, mayBulkSendAndExport: row.mayBulkSendAndExport };
  const mayBulkSend = !removed && may(rights, 'bulk-send-and-export');
  const mayWorkDeals = !removed && may(rights, 'work-deals');
  if (mayBulkSend && mayWorkDeals) return lost;

  if (!mayBulkSend) {
    const jobs = await tx
      .select({ id: bulkSendJobs.id })
      .from(bulkSendJobs)
      .where(
        and(
          inWorkspace(bulkSendJobs, workspaceId),
          eq(bulkSendJobs.userId, userId),
          inArray(bulkSendJobs.status, ['preparing', 'running']),
        ),
      );
    for (const job of jobs) await cancelBulkSendJob(tx, workspaceId, job.id, stoppedItemReasons.notAllowed);
    lost.bulkSendsStopped = jobs.length;
    if (jobs.length > 0) {
      const [skipped] = await tx
        .select({ count: count() })
        .from(bulkSendItems)
        .where(
          and(
            inArray(
              bulkSendItems.jobId,
              jobs.map((job) => job.id),
            ),
            eq(bulkSendItems.error, stoppedItemReasons.notAllowed),
          ),
        );
      lost.emailsNotSent = skipped?.count ?? 0;
    }
  }

  // A lead before its sequences (lockLeadsOfFollowUps): the hand-over writes on their leads' history.
  await lockLeadsOfFollowUps(
    tx,
    and(inWorkspace(followUps, workspaceId), eq(followUps.senderUserId, userId), eq(followUps.status, 'active'))!,
    { strength: 'key share' },
  );
  const losing = await tx
    .select({ id: followUps.id, leadId: followUps.leadId })
    .from(followUps)
    .innerJoin(offerLinks, eq(offerLinks.id, followUps.offerLinkId))
    .where(
      and(
        inWorkspace(followUps, workspaceId),
        eq(followUps.senderUserId, userId),
        eq(followUps.status, 'active'),
        // Still allowed to work deals: only the sequences of her bulk offers go.
        mayWorkDeals ? eq(offerLinks.source, 'bulk-email') : undefined,
      ),
    )
    .for('update', { of: followUps });
  if (losing.length === 0) return lost;
  const ids = losing.map((followUp) => followUp.id);

  const heir = await owningHeir(tx, workspaceId, userId, actorUserId);
  if (!heir) {
    // A workspace always keeps an Owner; should it not, nothing goes out without one.
    for (const id of ids) await stopFollowUps(tx, { id, workspaceId }, 'sender-cannot-send', { actorUserId });
    return lost;
  }
  await tx.update(followUps).set({ senderUserId: heir.userId }).where(inArray(followUps.id, ids));
  const onLeads = losing.flatMap(({ leadId }) => (leadId ? [leadId] : []));
  if (onLeads.length > 0) {
    await tx.insert(leadEvents).values(
      onLeads.map((leadId) => ({
        leadId,
        kind: 'follow-up' as const,
        text: `Follow-ups handed to ${heir.name}: ${memberNameOrNeutral(row.name)} may no longer send them`,
        actorUserId,
      })),
    );
  }
  lost.followUpsHandedOver = ids.length;
  lost.handedTo = heir.name;
  return lost;
}

/** The Owner who takes over: the one making the change when they are an Owner, else the first Owner. */
async function owningHeir(tx: Transaction, workspaceId: string, userId: string, actorUserId: string) {
  const owners = await tx
    .select({ userId: member.userId, name: memberNameSql(workspaceId) })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, workspaceId), eq(member.role, 'owner'), ne(member.userId, userId)))
    .orderBy(asc(member.createdAt), asc(member.id));
  const heir = owners.find((owner) => owner.userId === actorUserId) ?? owners[0];
  return heir ? { ...heir, name: memberNameOrNeutral(heir.name) } : null;
}
