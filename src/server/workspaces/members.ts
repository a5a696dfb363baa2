import { and, eq, isNull } from 'drizzle-orm';
import type { LostWork } from '#domain/workspaces/lost-work.ts';
import { memberNameOrNeutral } from '#domain/workspaces/member-name.ts';
import { assignableRoles, workspaceMessages, type WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { MemberChange } from '#domain/workspaces/workspace-requests.ts';
import type { AppContext } from '../app-context';
import type { Database, Transaction } from '../db/database';
import { memberNameSql } from '../db/member-name';
import { leadEvents, leads, member, organization, tasks, user } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { closeProfile } from '../profile/save-profile';
import { throughPlugin } from './plugin-refusal';
import { refitSeats } from './workspace-seats';

export const memberMessages = {
  notFound: 'Member not found',
  leadsToInvalid: "Choose another member of this workspace to take this member's leads",
  notYourself: 'You cannot remove yourself from the workspace',
  ownWorkspace: (name: string) =>
    `This workspace is ${name}'s own: they stay its Owner, so that they always keep a workspace of their own`,
} as const;

/**
 * The workspace made with the account (decision 022: its id is the account's): nobody removes its
 * maker from it or takes its ownership away, so an account always keeps a workspace of its own
 * (without one, every route would refuse it).
 */
function assertNotOwnWorkspace(workspaceId: string, target: { userId: string; name: string }) {
  if (workspaceId === target.userId) {
    throw new Refusal(409, memberMessages.ownWorkspace(target.name), { code: 'own-workspace' });
  }
}

async function findMember(db: Database, workspaceId: string, memberId: string) {
  const [row] = await db
    .select({ id: member.id, userId: member.userId, role: member.role, name: memberNameSql(workspaceId) })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.id, memberId), eq(member.organizationId, workspaceId)));
  if (!row) throw new Refusal(404, memberMessages.notFound);
  return { ...row, name: memberNameOrNeutral(row.name) };
}

/** Stops or hands over what a member started under rights she no longer has (lost-rights/hand-over-lost-work.ts). */
export type HandOverLostWork = (
  tx: Transaction,
  change: { workspaceId: string; userId: string; actorUserId: string; removed?: boolean },
) => Promise<LostWork>;

/**
 * Changes a member's role (through the plugin, which keeps an Owner) and switches; only an Owner
 * touches an Owner, and the maker of the workspace stays its Owner. What the member started under
 * a right she lost is stopped or handed to the Owner (handOverLostWork), in a transaction of its
 * own once the change is made, and said in the answer.
 */
export async function changeMember(
  context: AppContext,
  headers: Headers,
  me: WorkspaceMember,
  memberId: string,
  change: MemberChange,
  handOverLostWork: HandOverLostWork,
): Promise<LostWork> {
  const { db } = context.database;
  const target = await findMember(db, me.workspaceId, memberId);
  if ((target.role === 'owner' || change.role === 'owner') && me.role !== 'owner') {
    throw new Refusal(403, workspaceMessages.notAllowed, { code: 'not-allowed' });
  }
  if (change.role && change.role !== target.role) {
    if (change.role !== 'owner') assertNotOwnWorkspace(me.workspaceId, target);
    const role = change.role;
    if (!assignableRoles(me.role).includes(role))
      throw new Refusal(403, workspaceMessages.notAllowed, { code: 'not-allowed' });
    await throughPlugin(() =>
      context.auth.betterAuth.api.updateMemberRole({
        headers,
        body: { memberId, role, organizationId: me.workspaceId },
      }),
    );
  }
  const { seesAllLeads, mayBulkSendAndExport } = change;
  if (seesAllLeads !== undefined || mayBulkSendAndExport !== undefined) {
    await db
      .update(member)
      .set({ seesAllLeads, mayBulkSendAndExport })
      .where(and(eq(member.id, memberId), eq(member.organizationId, me.workspaceId)));
  }
  return db.transaction((tx) =>
    handOverLostWork(tx, { workspaceId: me.workspaceId, userId: target.userId, actorUserId: me.userId }),
  );
}

/**
 * Removes a member after handing their leads (and the workspace's new leads, if they got them) and
 * their open tasks to another member, each lead's handover written on its history, and settling what she started as
 * a member who lost every right (handOverLostWork: her bulk sends stop, her follow-ups go on from
 * an Owner), so nothing more goes out in the name of someone no longer in the business. Their personal page in this
 * workspace closes; its handle stays theirs (closeProfile). Nobody is removed from their own
 * workspace. The removal itself is the plugin's (it keeps an Owner); it ends the member's sessions'
 * access and live streams at once (requireUser and the live feed read the membership).
 */
export async function removeMember(
  context: AppContext,
  headers: Headers,
  me: WorkspaceMember,
  memberId: string,
  leadsTo: string,
  handOverLostWork: HandOverLostWork,
) {
  const { db } = context.database;
  const target = await findMember(db, me.workspaceId, memberId);
  if (target.userId === me.userId) throw new Refusal(409, memberMessages.notYourself);
  if (target.role === 'owner' && me.role !== 'owner') {
    throw new Refusal(403, workspaceMessages.notAllowed, { code: 'not-allowed' });
  }
  assertNotOwnWorkspace(me.workspaceId, target);
  const [heirRow] = await db
    .select({ userId: member.userId, name: memberNameSql(me.workspaceId) })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, me.workspaceId), eq(member.userId, leadsTo)));
  const heir = heirRow && { ...heirRow, name: memberNameOrNeutral(heirRow.name) };
  if (!heir || heir.userId === target.userId) {
    throw new Refusal(400, memberMessages.leadsToInvalid, { details: { field: 'leadsTo' } });
  }

  const lostWork = await db.transaction(async (tx) => {
    const settled = await handOverLostWork(tx, {
      workspaceId: me.workspaceId,
      userId: target.userId,
      actorUserId: me.userId,
      removed: true,
    });
    const handedOver = await tx
      .update(leads)
      .set({ assigneeUserId: heir.userId, updatedAt: new Date() })
      .where(and(inWorkspace(leads, me.workspaceId), eq(leads.assigneeUserId, target.userId)))
      .returning({ id: leads.id });
    if (handedOver.length > 0) {
      await tx.insert(leadEvents).values(
        handedOver.map(({ id }) => ({
          leadId: id,
          kind: 'assignment' as const,
          text: heir.name,
          actorUserId: me.userId,
        })),
      );
    }
    // Her open tasks go with her leads: otherwise they would be on nobody's Today list.
    await tx
      .update(tasks)
      .set({ assigneeUserId: heir.userId })
      .where(and(inWorkspace(tasks, me.workspaceId), eq(tasks.assigneeUserId, target.userId), isNull(tasks.doneAt)));
    await tx
      .update(organization)
      .set({ leadAssigneeUserId: heir.userId })
      .where(and(eq(organization.id, me.workspaceId), eq(organization.leadAssigneeUserId, target.userId)));
    await closeProfile(tx, { workspaceId: me.workspaceId, userId: target.userId });
    return settled;
  });
  await throughPlugin(() =>
    context.auth.betterAuth.api.removeMember({
      headers,
      body: { memberIdOrEmail: memberId, organizationId: me.workspaceId },
    }),
  );
  // The seat freed goes to the longest-standing member suspended for want of one, if any.
  await refitSeats(db, me.workspaceId);
  return { leadsHandedOver: heir.name, lostWork };
}
