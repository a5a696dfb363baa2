import { assignmentNotificationEmail, type Assignment } from '#domain/tasks/assignment-notification-email.ts';
import type { Transaction } from '../db/database';
import { sendNotification } from '../email/send-notification';
import type { Env } from '../env';
import { readWholesaler } from './read-wholesaler';

/**
 * E-mails a member that someone else gave them a lead or a task (issue 42), through the sending
 * policy's door for notices, in the caller's transaction: only when their profile asks for it and
 * their address is proven (readWholesaler's assignmentsNotifyTo), never for work they gave
 * themselves. The homeowner's address and name and the giver's name reach the body as the policy
 * shows typed text. The outbox id, or null when nobody is told.
 */
export async function notifyAssignee(
  tx: Transaction,
  env: Pick<Env, 'EMAIL_FROM' | 'APP_URL'>,
  {
    workspaceId,
    assigneeUserId,
    actorUserId,
    assignment,
  }: {
    workspaceId: string;
    assigneeUserId: string;
    actorUserId: string;
    assignment: Omit<Assignment, 'assignedBy'>;
  },
): Promise<{ id: string } | null> {
  if (assigneeUserId === actorUserId) return null;
  const assignee = await readWholesaler(tx, { workspaceId, userId: assigneeUserId });
  if (!assignee?.assignmentsNotifyTo) return null;
  const actor = await readWholesaler(tx, { workspaceId, userId: actorUserId });
  return sendNotification(tx, {
    purpose: 'assignment-notification',
    to: assignee.assignmentsNotifyTo,
    from: env.EMAIL_FROM,
    typedText: {
      address: assignment.lead.address,
      name: assignment.lead.name,
      assignedBy: actor?.displayName ?? '',
    },
    compose: (shown) =>
      assignmentNotificationEmail(
        {
          ...assignment,
          lead: { ...assignment.lead, address: shown.address, name: shown.name },
          assignedBy: shown.assignedBy,
        },
        env.APP_URL,
      ),
  });
}
