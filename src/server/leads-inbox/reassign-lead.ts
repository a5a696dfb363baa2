import { and, eq } from 'drizzle-orm';
import { may, workspaceMessages, type WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { Database } from '../db/database';
import { member as memberTable } from '../db/schema';
import { Refusal } from '../http/refusal';
import { recordLeadAssignment } from '../leads/record-lead-assignment';
import { lockOwnedLead } from './find-owned-lead';
import { memberNames } from './lead-member-names';
import { leadView } from './lead-view';

export const reassignMessages = {
  notAMember: 'Choose a member of this workspace',
  suspended: "This member's seat is suspended: choose another member",
} as const;

/**
 * Gives a lead the member sees to another member of the workspace, by hand, and writes it to the
 * lead's history (kind 'assignment', the new assignee's name, the member who did it). Needs a role
 * that works deals or manages members (else 403 'not-allowed'); a user who is not a member of the
 * workspace is refused (400 'not-a-member'), and so is one whose seat is suspended (409
 * 'seat-suspended'); giving it to its current assignee changes nothing.
 */
export async function reassignLead(db: Database, member: WorkspaceMember, leadId: string, assigneeUserId: string) {
  return db.transaction(async (tx) => {
    const lead = await lockOwnedLead(tx, member, leadId);
    if (!may(member, 'work-deals') && !may(member, 'manage-members')) {
      throw new Refusal(403, workspaceMessages.notAllowed, { code: 'not-allowed' });
    }
    const [assignee] = await tx
      .select({ userId: memberTable.userId, suspendedAt: memberTable.suspendedAt })
      .from(memberTable)
      .where(and(eq(memberTable.organizationId, member.workspaceId), eq(memberTable.userId, assigneeUserId)));
    if (!assignee) {
      throw new Refusal(400, reassignMessages.notAMember, { code: 'not-a-member', details: { field: 'userId' } });
    }
    if (assignee.suspendedAt) {
      throw new Refusal(409, reassignMessages.suspended, { code: 'seat-suspended', details: { field: 'userId' } });
    }
    if (lead.assigneeUserId === assigneeUserId) {
      return leadView(lead, (await memberNames(tx, member.workspaceId, [assigneeUserId])).get(assigneeUserId) ?? null);
    }
    const at = new Date();
    const { name } = await recordLeadAssignment(tx, {
      leadId: lead.id,
      assigneeUserId,
      actorUserId: member.userId,
      at,
    });
    return leadView({ ...lead, assigneeUserId, updatedAt: at }, name);
  });
}
