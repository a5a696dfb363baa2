import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import { member as memberTable } from '../db/schema';
import { Refusal } from '../http/refusal';

export const assignableMemberMessages = {
  notAMember: 'Choose a member of this workspace',
  suspended: "This member's seat is suspended: choose another member",
} as const;

/**
 * The member of the workspace work is to be given to (a lead, a task), their membership row locked
 * for share until the caller's transaction ends, so a suspension or removal cannot slip in between
 * the check and the write. A user who is not a member is refused (400 'not-a-member'), and so is
 * one whose seat is suspended (409 'seat-suspended').
 */
export async function lockAssignableMember(tx: Transaction, workspaceId: string, userId: string) {
  const [assignee] = await tx
    .select({ userId: memberTable.userId, suspendedAt: memberTable.suspendedAt })
    .from(memberTable)
    .where(and(eq(memberTable.organizationId, workspaceId), eq(memberTable.userId, userId)))
    .for('share');
  if (!assignee) {
    throw new Refusal(400, assignableMemberMessages.notAMember, { code: 'not-a-member', details: { field: 'userId' } });
  }
  if (assignee.suspendedAt) {
    throw new Refusal(409, assignableMemberMessages.suspended, {
      code: 'seat-suspended',
      details: { field: 'userId' },
    });
  }
  return assignee;
}
