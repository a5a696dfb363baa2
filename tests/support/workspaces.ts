// Putting a test user into another workspace, as an accepted invitation would, without the e-mail:
// for tests of what each role and switch lets a member do.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { WorkspaceRole } from '#domain/workspaces/roles.ts';
import type { Database } from '#server/db/database.ts';
import { member, session, subscriptions } from '#server/db/schema.ts';
import { markEmailVerified, signUpTestUser } from './test-users';

/** Makes `userId` a member of `workspaceId` as `role` and points all of their sessions at it. */
export async function joinWorkspace(
  db: Database,
  {
    workspaceId,
    userId,
    role,
    seesAllLeads = true,
    mayBulkSendAndExport = false,
    joinedAt,
  }: {
    workspaceId: string;
    userId: string;
    role: WorkspaceRole;
    seesAllLeads?: boolean;
    mayBulkSendAndExport?: boolean;
    /** When she joined (default: now). PGlite's clock may give two quick joins one time, so a test that needs an order sets it. */
    joinedAt?: Date;
  },
) {
  const id = randomUUID();
  await db
    .insert(member)
    .values({ id, organizationId: workspaceId, userId, role, seesAllLeads, mayBulkSendAndExport, createdAt: joinedAt });
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

/** A new, verified Owner of a Pro workspace (their own), with `extraSeats` beyond Pro's 3. */
export async function verifiedProOwner(app: Parameters<typeof signUpTestUser>[0], db: Database, extraSeats = 0) {
  const owner = await signUpTestUser(app);
  await markEmailVerified(db, owner.user.id);
  await setWorkspacePlan(db, owner.user.id, 'pro', extraSeats);
  return owner;
}

type Switches = { seesAllLeads?: boolean; mayBulkSendAndExport?: boolean };

/**
 * A new Owner and their own workspace (its id is theirs: test set-up only), and `join`, which
 * signs up another user and makes them a member as `role`.
 */
export async function newTestWorkspace(app: Parameters<typeof signUpTestUser>[0], db: Database) {
  const owner = await signUpTestUser(app);
  const workspaceId = owner.user.id;
  const join = async (role: WorkspaceRole, switches: Switches = {}) => {
    const joined = await signUpTestUser(app);
    await joinWorkspace(db, { workspaceId, userId: joined.user.id, role, ...switches });
    return joined;
  };
  return { owner, workspaceId, join };
}
