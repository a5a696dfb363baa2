import { and, eq } from 'drizzle-orm';
import { builtInFollowUpSequences } from '#domain/follow-ups/built-in-sequences.ts';
import type { FollowUpSequenceRequest } from '#domain/follow-ups/sequence-request.ts';
import { sequenceFromRequest } from '#domain/follow-ups/sequence-request.ts';
import {
  FOLLOW_UP_SEQUENCE_KINDS,
  type FollowUpSequence,
  type FollowUpSequenceKind,
} from '#domain/follow-ups/sequence.ts';
import { canEditFollowUpSequence, planMessages } from '#domain/plans/plans.ts';
import type { Database, Transaction } from '../db/database';
import { followUpSequences } from '../db/schema';
import { inWorkspace } from '../db/workspace-scope';
import { Refusal } from '../http/refusal';
import { lockPlan } from '../subscriptions/subscription-store';

/** The sequence of a kind the workspace's follow-ups start with: its own (Pro), else the built-in one. */
export async function readWorkspaceSequence(
  db: Pick<Database, 'select'>,
  workspaceId: string,
  kind: FollowUpSequenceKind = 'first-offer',
): Promise<{ sequence: FollowUpSequence; custom: boolean }> {
  const [row] = await db
    .select({ sequence: followUpSequences.sequence })
    .from(followUpSequences)
    .where(and(inWorkspace(followUpSequences, workspaceId), eq(followUpSequences.kind, kind)));
  return row
    ? { sequence: { ...row.sequence, kind }, custom: true }
    : { sequence: builtInFollowUpSequences[kind], custom: false };
}

/** Every kind's sequence the workspace starts with, in FOLLOW_UP_SEQUENCE_KINDS order. */
export async function readWorkspaceSequences(db: Pick<Database, 'select'>, workspaceId: string) {
  const rows = await db
    .select({ kind: followUpSequences.kind, sequence: followUpSequences.sequence })
    .from(followUpSequences)
    .where(inWorkspace(followUpSequences, workspaceId));
  const own = new Map(rows.map((row) => [row.kind, row.sequence]));
  return FOLLOW_UP_SEQUENCE_KINDS.map((kind) => {
    const sequence = own.get(kind);
    return sequence
      ? { kind, sequence: { ...sequence, kind }, custom: true }
      : { kind, sequence: builtInFollowUpSequences[kind], custom: false };
  });
}

/** Refuses (403 'pro-only') any workspace but a Pro one, holding its plan until the transaction ends. */
async function lockProPlan(tx: Transaction, workspaceId: string) {
  if (!canEditFollowUpSequence(await lockPlan(tx, workspaceId))) {
    throw new Refusal(403, planMessages.followUpSequenceProOnly, { code: 'pro-only' });
  }
}

/**
 * Keeps a Pro workspace's own sequence of a kind: the sequences of that kind it starts from now on
 * follow it; those running keep the steps they started with.
 */
export async function saveWorkspaceSequence(
  db: Database,
  workspaceId: string,
  request: FollowUpSequenceRequest,
  kind: FollowUpSequenceKind = 'first-offer',
) {
  return db.transaction(async (tx) => {
    await lockProPlan(tx, workspaceId);
    const sequence = sequenceFromRequest(request, kind);
    await tx
      .insert(followUpSequences)
      .values({ workspaceId, kind, sequence })
      .onConflictDoUpdate({
        target: [followUpSequences.workspaceId, followUpSequences.kind],
        set: { sequence, updatedAt: new Date() },
      });
    return { sequence, custom: true };
  });
}

/** Goes back to the built-in sequence of a kind (any plan: a downgraded workspace may drop what it can no longer edit). */
export async function resetWorkspaceSequence(
  db: Database,
  workspaceId: string,
  kind: FollowUpSequenceKind = 'first-offer',
) {
  await db
    .delete(followUpSequences)
    .where(and(inWorkspace(followUpSequences, workspaceId), eq(followUpSequences.kind, kind)));
  return { sequence: builtInFollowUpSequences[kind], custom: false };
}
