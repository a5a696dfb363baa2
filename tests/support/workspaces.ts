// Putting a test user into another workspace, as an accepted invitation would, without the e-mail:
// for tests of what each role and switch lets a member do.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { WorkspaceRole } from '../../src/domain/workspaces/roles';
import type { Database } from '../../src/server/db/database';
import { member, session, subscriptions } from '../../src/server/db/schema';

/** Makes `userId` a member of `workspaceId` as `role` and points all of their sessions at it. */
export async function joinWorkspace(
  db: Database,
  {
    workspaceId,
    userId,
    role,
    seesAllLeads = true,
    mayBulkSendAndExport = false,
  }: {
    workspaceId: string;
    userId: string;
    role: WorkspaceRole;
    seesAllLeads?: boolean;
    mayBulkSendAndExport?: boolean;
  },
) {
  const id = randomUUID();
  await db.insert(member).values({ id, organizationId: workspaceId, userId, role, seesAllLeads, mayBulkSendAndExport });
  await db.update(session).set({ activeOrganizationId: workspaceId }).where(eq(session.userId, userId));
  return { memberId: id };
}

/** Puts a workspace on a plan directly (as a paid checkout would). */
export async function setWorkspacePlan(
  db: Database,
  workspaceId: string,
  plan: 'free' | 'personal' | 'pro',
  extraSeats = 0,
) {
  await db.update(subscriptions).set({ plan, extraSeats }).where(eq(subscriptions.workspaceId, workspaceId));
}
