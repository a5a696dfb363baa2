import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { PlanId } from '#domain/plans/plans.ts';
import { seatCount } from '#domain/workspaces/seats.ts';
import type { Database, Transaction } from '../db/database';
import { invitation, member, subscriptions } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';

/** An open invitation: pending and not expired. It holds a seat until it is accepted, revoked or expires. */
const openInvitationOf = (workspaceId: string) =>
  and(
    eq(invitation.organizationId, workspaceId),
    eq(invitation.status, 'pending'),
    gt(invitation.expiresAt, new Date()),
  );

/**
 * The workspace's plan and seats, its subscription row locked until the transaction ends. Every
 * change of seats takes this lock, in this order (the row, then members and invitations): an
 * invitation, an acceptance, a plan or seat change (billing/apply-subscription-state.ts), so two of
 * them never count the same free seat.
 */
export async function lockSeats(tx: Transaction | Database, workspaceId: string) {
  const locked = () =>
    tx
      .select({ plan: subscriptions.plan, extraSeats: subscriptions.extraSeats })
      .from(subscriptions)
      .where(inWorkspace(subscriptions, workspaceId))
      .for('update');
  // Every workspace gets its row when it is made (a trigger): the insert, as in lockPlan, is for one that did not.
  let [row] = await locked();
  if (!row) {
    await tx.insert(subscriptions).values({ workspaceId }).onConflictDoNothing();
    [row] = await locked();
  }
  const plan: PlanId = row?.plan ?? 'free';
  const extraSeats = row?.extraSeats ?? 0;
  return { plan, extraSeats, seats: seatCount(plan, extraSeats) };
}

/** The workspace's members (suspended ones too) and its open invitations. */
export async function countSeatHolders(db: Pick<Database, 'select'>, workspaceId: string) {
  const [[members], [invited]] = await Promise.all([
    db.select({ n: count() }).from(member).where(eq(member.organizationId, workspaceId)),
    db.select({ n: count() }).from(invitation).where(openInvitationOf(workspaceId)),
  ]);
  return { members: members?.n ?? 0, invited: invited?.n ?? 0 };
}

/** People who take a seat in the workspace: its members and its invitations still open. */
export async function seatsTaken(db: Pick<Database, 'select'>, workspaceId: string) {
  const { members, invited } = await countSeatHolders(db, workspaceId);
  return members + invited;
}

/**
 * After a change of seats, under lockSeats: Owners first, then members in the order they joined,
 * the first `seats` hold one; the rest are suspended (the newest first, never an Owner) until a seat
 * is theirs again, and a suspended member whose seat came back (more seats, or a member removed) is
 * restored. Open invitations the members leave no seat for are cancelled, the newest first.
 */
export async function fitPeopleToSeats(tx: Transaction | Database, workspaceId: string, seats: number) {
  const people = await tx
    .select({ id: member.id, role: member.role, suspendedAt: member.suspendedAt })
    .from(member)
    .where(eq(member.organizationId, workspaceId))
    .orderBy(sql`${member.role} = 'owner' desc`, asc(member.createdAt), asc(member.id));
  const suspend: string[] = [];
  const restore: string[] = [];
  people.forEach((person, place) => {
    const holdsSeat = person.role === 'owner' || place < seats;
    if (holdsSeat && person.suspendedAt) restore.push(person.id);
    if (!holdsSeat && !person.suspendedAt) suspend.push(person.id);
  });
  if (suspend.length > 0) await tx.update(member).set({ suspendedAt: new Date() }).where(inArray(member.id, suspend));
  if (restore.length > 0) await tx.update(member).set({ suspendedAt: null }).where(inArray(member.id, restore));

  const open = await tx
    .select({ id: invitation.id })
    .from(invitation)
    .where(openInvitationOf(workspaceId))
    .orderBy(desc(invitation.createdAt), desc(invitation.id));
  const beyond = open.length - Math.max(0, seats - people.length);
  if (beyond > 0) {
    const cancelled = open.slice(0, beyond).map(({ id }) => id);
    await tx.update(invitation).set({ status: 'canceled' }).where(inArray(invitation.id, cancelled));
  }
}

/** fitPeopleToSeats in a transaction of its own, for a change that freed a seat (a member removed). */
export async function refitSeats(db: Database, workspaceId: string) {
  await db.transaction(async (tx) => {
    const { seats } = await lockSeats(tx, workspaceId);
    await fitPeopleToSeats(tx, workspaceId, seats);
  });
}
