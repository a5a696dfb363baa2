import type { PlanId } from '#domain/plans/plans.ts';
import { downgradeRefusal, seatCount } from '#domain/workspaces/seats.ts';
import type { Database } from '../db/database';
import { Refusal } from '../http/refusal';
import { countSeatHolders, lockSeats } from '../workspaces/workspace-seats';

/**
 * Refuses (409, code 'too-many-members') an Owner's move to `plan` when it has fewer seats than the
 * workspace has now and than it has members: they choose who stays (the Team page's remove), the
 * app does not. Asked before anything is paid or cancelled at the provider; a member who joins
 * after it is suspended by the plan change itself (workspaces/workspace-seats.ts).
 */
export async function refuseOwnerDowngrade(db: Database, workspaceId: string, plan: PlanId) {
  await db.transaction(async (tx) => {
    const { seats } = await lockSeats(tx, workspaceId);
    const { members } = await countSeatHolders(tx, workspaceId);
    const refusal = downgradeRefusal({ plan, members, currentSeats: seats });
    if (refusal) {
      throw new Refusal(409, refusal, {
        code: 'too-many-members',
        details: { members, seats: seatCount(plan, 0), toRemove: members - seatCount(plan, 0) },
      });
    }
  });
}
