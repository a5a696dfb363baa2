import type { FollowUpSequenceRequest } from '#domain/follow-ups/sequence-request.ts';
import { sequenceFromRequest } from '#domain/follow-ups/sequence-request.ts';
import { defaultFollowUpSequence, type FollowUpSequence } from '#domain/follow-ups/sequence.ts';
import { canEditFollowUpSequence, planMessages } from '#domain/plans/plans.ts';
import type { Database, Transaction } from '../db/database';
import { followUpSequences } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { lockPlan } from '../subscriptions/subscription-store';

/** The sequence the workspace's follow-ups start with: its own (Pro), else the built-in one. */
export async function readWorkspaceSequence(
  db: Pick<Database, 'select'>,
  workspaceId: string,
): Promise<{ sequence: FollowUpSequence; custom: boolean }> {
  const [row] = await db
    .select({ sequence: followUpSequences.sequence })
    .from(followUpSequences)
    .where(inWorkspace(followUpSequences, workspaceId));
  return row ? { sequence: row.sequence, custom: true } : { sequence: defaultFollowUpSequence, custom: false };
}

/** Refuses (403 'pro-only') any workspace but a Pro one, holding its plan until the transaction ends. */
async function lockProPlan(tx: Transaction, workspaceId: string) {
  if (!canEditFollowUpSequence(await lockPlan(tx, workspaceId))) {
    throw new Refusal(403, planMessages.followUpSequenceProOnly, { code: 'pro-only' });
  }
}

/**
 * Keeps a Pro workspace's own sequence: the sequences it starts from now on follow it; those
 * running keep the steps they started with.
 */
export async function saveWorkspaceSequence(db: Database, workspaceId: string, request: FollowUpSequenceRequest) {
  return db.transaction(async (tx) => {
    await lockProPlan(tx, workspaceId);
    const sequence = sequenceFromRequest(request);
    await tx
      .insert(followUpSequences)
      .values({ workspaceId, sequence })
      .onConflictDoUpdate({ target: followUpSequences.workspaceId, set: { sequence, updatedAt: new Date() } });
    return { sequence, custom: true };
  });
}

/** Goes back to the built-in sequence (any plan: a downgraded workspace may drop what it can no longer edit). */
export async function resetWorkspaceSequence(db: Database, workspaceId: string) {
  await db.delete(followUpSequences).where(inWorkspace(followUpSequences, workspaceId));
  return { sequence: defaultFollowUpSequence, custom: false };
}
