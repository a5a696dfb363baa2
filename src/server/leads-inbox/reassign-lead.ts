import { may, workspaceMessages, type WorkspaceMember } from '#domain/workspaces/roles.ts';
import type { Database } from '../db/database';
import type { Env } from '../env';
import { Refusal } from '../http/refusal';
import { recordLeadAssignment } from '../leads/record-lead-assignment';
import { notifyAssignee } from '../profile/notify-assignee';
import { lockAssignableMember } from '../workspaces/lock-assignable-member';
import { lockOwnedLead } from './find-owned-lead';
import { memberNames } from './lead-member-names';
import { leadView } from './lead-view';

/**
 * Gives a lead the member sees to another member of the workspace, by hand, and writes it to the
 * lead's history (kind 'assignment', the new assignee's name, the member who did it). Needs a role
 * that works deals or manages members (else 403 'not-allowed'); a user who is not a member of the
 * workspace is refused (400 'not-a-member'), and so is one whose seat is suspended (409
 * 'seat-suspended'); giving it to its current assignee changes nothing. The new assignee is
 * e-mailed about it when they asked to be (notifyAssignee).
 */
export async function reassignLead(
  db: Database,
  env: Pick<Env, 'EMAIL_FROM' | 'APP_URL'>,
  member: WorkspaceMember,
  leadId: string,
  assigneeUserId: string,
) {
  return db.transaction(async (tx) => {
    const lead = await lockOwnedLead(tx, member, leadId);
    if (!may(member, 'work-deals') && !may(member, 'manage-members')) {
      throw new Refusal(403, workspaceMessages.notAllowed, { code: 'not-allowed' });
    }
    await lockAssignableMember(tx, member.workspaceId, assigneeUserId);
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
    await notifyAssignee(tx, env, {
      workspaceId: member.workspaceId,
      assigneeUserId,
      actorUserId: member.userId,
      assignment: { what: 'lead', lead: { id: lead.id, address: lead.address, name: lead.name ?? '' } },
    });
    return leadView({ ...lead, assigneeUserId, updatedAt: at }, name);
  });
}
