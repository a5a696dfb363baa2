import { and, eq } from 'drizzle-orm';
import { followUpSequenceKind, followUpStopOnStatus } from '#domain/follow-ups/sequence-kinds.ts';
import type { LeadStatus } from '#domain/leads/lead-status.ts';
import type { Transaction } from '../db/database';
import { followUps } from '../db/schema';
import { stopFollowUps } from './stop-follow-ups';

/**
 * The lead moved to `status`: each of its running sequences stops when its kind says so
 * (followUpStopOnStatus: a first offer's past New, a nurture at Under Contract or Closed), in the
 * transaction that moves it. Returns how many stopped.
 */
export async function stopFollowUpsOnStatus(
  tx: Transaction,
  { leadId, status, at, actorUserId }: { leadId: string; status: LeadStatus; at: Date; actorUserId: string | null },
): Promise<number> {
  const running = await tx
    .select({ id: followUps.id, workspaceId: followUps.workspaceId, sequence: followUps.sequence })
    .from(followUps)
    .where(and(eq(followUps.leadId, leadId), eq(followUps.status, 'active')))
    .for('update');
  let stopped = 0;
  for (const followUp of running) {
    const reason = followUpStopOnStatus(followUpSequenceKind(followUp.sequence), status);
    if (reason) stopped += await stopFollowUps(tx, followUp, reason, { at, actorUserId });
  }
  return stopped;
}
