import { z } from 'zod';
import { plans, PRO_INCLUDED_SEATS, type PlanId } from '../plans/plans';

/** Seats each plan includes: Free and Personal are one person; Pro includes 3 and sells more. */
export const includedSeats: Record<PlanId, number> = { free: 1, personal: 1, pro: PRO_INCLUDED_SEATS };

/** The most seats a workspace buys here beyond Pro's own; a bigger team writes to us. */
export const MAX_EXTRA_SEATS = 100;

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
    `All ${seats} seats are in use. The Owner can add seats on the Team page, or remove a member or a pending invitation first.`,
  extraSeatsNeedPro: 'Extra seats come with the Pro plan. Upgrade on the Plans page first.',
  extraSeatsInvalid: `Enter a whole number of extra seats from 0 to ${MAX_EXTRA_SEATS}`,
  /** An Owner's move to a plan with fewer seats than the workspace has members: who stays is theirs to choose. */
  tooManyMembersFor: (planName: string, seats: number, members: number) =>
    `The ${planName} plan has ${seats === 1 ? '1 seat' : `${seats} seats`} and this workspace has ${members} members. Remove ${members - seats} ${members - seats === 1 ? 'member' : 'members'} on the Team page first, choosing who stays, then change the plan.`,
  /** The team page, when the provider left fewer seats than members. */
  suspended: (count: number, seats: number) =>
    `${count === 1 ? '1 member is' : `${count} members are`} suspended: the plan has ${seats === 1 ? '1 seat' : `${seats} seats`}. Upgrade or add seats to bring them back, or remove members to choose who stays.`,
  belowTaken: (taken: number, seats: number) =>
    `${taken} people hold seats (members and open invitations), more than ${seats} seats. Remove a member or revoke an invitation first.`,
} as const;

/** PUT /api/billing/seats: how many seats to have beyond the plan's own. */
export const ExtraSeatsRequestSchema = z
  .object({
    extraSeats: z
      .number(seatMessages.extraSeatsInvalid)
      .int(seatMessages.extraSeatsInvalid)
      .min(0, seatMessages.extraSeatsInvalid)
      .max(MAX_EXTRA_SEATS, seatMessages.extraSeatsInvalid),
  })
  .strict();
export type ExtraSeatsRequest = z.infer<typeof ExtraSeatsRequestSchema>;

/** The fewest extra seats that still hold everyone who has one (`taken`: members and open invitations). */
export function fewestExtraSeats(taken: number): number {
  return Math.max(0, taken - includedSeats.pro);
}

/** What to tell an inviter who has no free seat. */
export function noSeatMessage(plan: PlanId, extraSeats: number): string {
  return plan === 'pro' ? seatMessages.allSeatsTaken(seatCount(plan, extraSeats)) : seatMessages.teamsNeedPro;
}

/**
 * Why an Owner may not move the workspace from `currentSeats` to `plan` while it has `members`
 * (suspended ones too), or null when the plan has no fewer seats or everyone keeps one there.
 * Extra seats are Pro's alone and start from none on a new plan.
 */
export function downgradeRefusal({
  plan,
  members,
  currentSeats,
}: {
  plan: PlanId;
  members: number;
  currentSeats: number;
}): string | null {
  const seats = seatCount(plan, 0);
  if (seats >= currentSeats || members <= seats) return null;
  const name = plans.find((candidate) => candidate.id === plan)?.name ?? plan;
  return seatMessages.tooManyMembersFor(name, seats, members);
}
