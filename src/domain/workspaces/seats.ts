import type { PlanId } from '../plans/plans';

/** Seats each plan includes: Free and Personal are one person; Pro includes 3 and sells more. */
const includedSeats: Record<PlanId, number> = { free: 1, personal: 1, pro: 3 };

/** The workspace's seats: its plan's, plus those bought (Pro only). */
export function seatCount(plan: PlanId, extraSeats: number): number {
  return includedSeats[plan] + (plan === 'pro' ? Math.max(0, extraSeats) : 0);
}

/** Whether one more person (a member or a pending invitation) fits. */
export function hasFreeSeat({ plan, extraSeats, taken }: { plan: PlanId; extraSeats: number; taken: number }) {
  return taken < seatCount(plan, extraSeats);
}

export const seatMessages = {
  teamsNeedPro: 'Teams come with the Pro plan. Upgrade on the Plans page to invite members.',
  allSeatsTaken: (seats: number) =>
    `All ${seats} seats are in use. Add seats on the Plans page, or remove a member or a pending invitation first.`,
} as const;

/** What to tell an inviter who has no free seat. */
export function noSeatMessage(plan: PlanId, extraSeats: number): string {
  return plan === 'pro' ? seatMessages.allSeatsTaken(seatCount(plan, extraSeats)) : seatMessages.teamsNeedPro;
}
