import { and, eq, sql } from 'drizzle-orm';
import { profileMessages, type WholesalerProfile } from '#domain/profile/wholesaler-profile-schema.ts';
import type { Database, Transaction } from '../db/database';
import { member, releasedHandles, wholesalerProfiles } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { inWorkspace } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import type { WorkspaceFace } from './read-wholesaler';

export type StoredProfile = Omit<
  typeof wholesalerProfiles.$inferSelect,
  'workspaceId' | 'userId' | 'updatedAt' | 'replyToVerifiedEmail'
>;

const profileColumns = {
  handle: wholesalerProfiles.handle,
  displayName: wholesalerProfiles.displayName,
  company: wholesalerProfiles.company,
  phone: wholesalerProfiles.phone,
  replyToEmail: wholesalerProfiles.replyToEmail,
  postalAddress: wholesalerProfiles.postalAddress,
  notifyOnLeads: wholesalerProfiles.notifyOnLeads,
  notifyOnAssignments: wholesalerProfiles.notifyOnAssignments,
};

/** The member's own profile (their face in one workspace). */
export const profileOf = ({ workspaceId, userId }: WorkspaceFace) =>
  and(inWorkspace(wholesalerProfiles, workspaceId), eq(wholesalerProfiles.userId, userId));

/** The member's profile in the workspace, or null before they first save one there. */
export async function getProfile(db: Pick<Database, 'select'>, face: WorkspaceFace): Promise<StoredProfile | null> {
  const [row] = await db.select(profileColumns).from(wholesalerProfiles).where(profileOf(face));
  return row ?? null;
}

/** Advisory-lock class of handle claims (its own key space): 'hand'. */
const HANDLE_LOCK_CLASS = 0x68616e64;

const handleTaken = (cause?: unknown) =>
  new Refusal(409, profileMessages.handleTaken, {
    code: 'handle-taken',
    details: { field: 'handle' },
    ...(cause === undefined ? {} : { cause }),
  });

/**
 * Changing a handle, inside the save's transaction: every save that claims or gives up a handle
 * takes that handle's advisory lock first (in name order, so two users swapping names cannot
 * deadlock), so a claim never passes the released-handle check while the rename (or removal) that
 * releases it is still uncommitted. A handle another user gave up stays theirs (409 like a held
 * one); the user's own released handle is theirs to take back (mayTakeBack) and leaves released_handles.
 */
async function lockHandles(tx: Transaction, handles: (string | null)[]) {
  for (const handle of handles.filter((name): name is string => name !== null).sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(${HANDLE_LOCK_CLASS}, hashtext(${handle}))`);
  }
}

async function changeHandle(tx: Transaction, face: WorkspaceFace, from: string | null, to: string | null) {
  await lockHandles(tx, [from, to]);
  if (to === null) return;
  const [released] = await tx
    .select({ workspaceId: releasedHandles.workspaceId, userId: releasedHandles.userId })
    .from(releasedHandles)
    .where(eq(releasedHandles.handle, to));
  if (released && !(await mayTakeBack(tx, face, released))) throw handleTaken();
  if (released) await tx.delete(releasedHandles).where(eq(releasedHandles.handle, to));
}

/**
 * A released handle is its former holder's alone. While she is still a member of the workspace she
 * gave it up in, it stays there (old links keep reaching that workspace); once she was removed from
 * it, she takes it back in any workspace of hers.
 */
async function mayTakeBack(tx: Transaction, face: WorkspaceFace, released: WorkspaceFace) {
  if (released.userId !== face.userId) return false;
  if (released.workspaceId === face.workspaceId) return true;
  const [stillMember] = await tx
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, released.workspaceId), eq(member.userId, released.userId)));
  return !stillMember;
}

/**
 * Closes a member's profile in a workspace she is removed from, inside the removal's transaction:
 * the profile goes and its handle is kept in released_handles for her, as a rename keeps it, so
 * her page and embed answer 404 instead of handing her homeowners to whoever claims the name next.
 */
export async function closeProfile(tx: Transaction, face: WorkspaceFace) {
  const [current] = await tx
    .select({ handle: wholesalerProfiles.handle })
    .from(wholesalerProfiles)
    .where(profileOf(face))
    .for('update');
  if (!current) return;
  const handle = current.handle?.toLowerCase() ?? null;
  await lockHandles(tx, [handle]);
  await tx.delete(wholesalerProfiles).where(profileOf(face));
  if (handle !== null) await tx.insert(releasedHandles).values({ handle, ...face });
}

/**
 * Creates or replaces the user's profile in one transaction. A handle another user holds (in any
 * letter case) is refused by the unique index on lower(handle), so two users choosing it at once
 * cannot both get it: 409 'This handle is already taken'. On a rename the old handle is kept in
 * released_handles for this user, so old links and embeds keep reaching them and no one else can
 * take it over (and with it the homeowners those links still send).
 */
export async function saveProfile(
  db: Database,
  face: WorkspaceFace,
  profile: WholesalerProfile,
): Promise<StoredProfile> {
  const { workspaceId, userId } = face;
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ handle: wholesalerProfiles.handle })
        .from(wholesalerProfiles)
        .where(profileOf(face))
        .for('update');
      const previousHandle = current?.handle?.toLowerCase() ?? null;
      const renamed = previousHandle !== profile.handle;
      if (renamed) await changeHandle(tx, face, previousHandle, profile.handle);
      const [row] = await tx
        .insert(wholesalerProfiles)
        .values({ workspaceId, userId, ...profile })
        .onConflictDoUpdate({
          target: [wholesalerProfiles.workspaceId, wholesalerProfiles.userId],
          set: { ...profile, updatedAt: new Date() },
        })
        .returning(profileColumns);
      if (!row) throw new Error('wholesaler_profiles upsert returned no row');
      if (renamed && previousHandle !== null) {
        await tx.insert(releasedHandles).values({ handle: previousHandle, workspaceId, userId });
      }
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'wholesaler_profiles_handle_idx')) throw handleTaken(error);
    throw error;
  }
}
