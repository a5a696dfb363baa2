import { describe, expect, it } from 'vitest';
import { extraSeatMonthlyPrice } from '../plans/plans';
import {
  downgradeRefusal,
  ExtraSeatsRequestSchema,
  fewestExtraSeats,
  hasFreeSeat,
  MAX_EXTRA_SEATS,
  noSeatMessage,
  seatCount,
} from './seats';

describe('seats', () => {
  it('gives Free and Personal one seat whatever was bought, and Pro 3 plus those bought', () => {
    expect(seatCount('free', 5)).toBe(1);
    expect(seatCount('personal', 2)).toBe(1);
    expect(seatCount('pro', 0)).toBe(3);
    expect(seatCount('pro', 4)).toBe(7);
  });

  it('has a free seat until members and pending invitations fill them', () => {
    expect(hasFreeSeat({ plan: 'pro', extraSeats: 0, taken: 2 })).toBe(true);
    expect(hasFreeSeat({ plan: 'pro', extraSeats: 0, taken: 3 })).toBe(false);
    expect(hasFreeSeat({ plan: 'free', extraSeats: 0, taken: 1 })).toBe(false);
  });

  it('tells a Free inviter to upgrade and a full Pro workspace how to make room', () => {
    expect(noSeatMessage('free', 0)).toMatch(/Pro plan/);
    expect(noSeatMessage('pro', 1)).toBe(
      'All 4 seats are in use. The Owner can add seats on the Team page, or remove a member or a pending invitation first.',
    );
  });

  it('refuses an Owner a plan with fewer seats than members, saying how many to remove', () => {
    expect(downgradeRefusal({ plan: 'free', members: 1, currentSeats: 3 })).toBeNull();
    expect(downgradeRefusal({ plan: 'personal', members: 1, currentSeats: 5 })).toBeNull();
    // Not fewer seats than now: an upgrade from Free with members suspended gives some seats back.
    expect(downgradeRefusal({ plan: 'pro', members: 5, currentSeats: 1 })).toBeNull();
    expect(downgradeRefusal({ plan: 'free', members: 3, currentSeats: 3 })).toBe(
      'The Free plan has 1 seat and this workspace has 3 members. Remove 2 members on the Team page first, choosing who stays, then change the plan.',
    );
    expect(downgradeRefusal({ plan: 'personal', members: 2, currentSeats: 4 })).toBe(
      'The Personal plan has 1 seat and this workspace has 2 members. Remove 1 member on the Team page first, choosing who stays, then change the plan.',
    );
  });

  it('prices an extra seat as one more unit of Pro', () => {
    expect(extraSeatMonthlyPrice).toBe(29);
  });

  it('takes a whole number of extra seats from 0 to the maximum, and nothing else', () => {
    expect(ExtraSeatsRequestSchema.parse({ extraSeats: 0 })).toEqual({ extraSeats: 0 });
    expect(ExtraSeatsRequestSchema.parse({ extraSeats: MAX_EXTRA_SEATS })).toEqual({ extraSeats: MAX_EXTRA_SEATS });
    for (const hostile of [
      {},
      { extraSeats: -1 },
      { extraSeats: 1.5 },
      { extraSeats: '3' },
      { extraSeats: MAX_EXTRA_SEATS + 1 },
      { extraSeats: Number.MAX_SAFE_INTEGER },
      { extraSeats: null },
      { extraSeats: 2, plan: 'pro' },
    ]) {
      expect(ExtraSeatsRequestSchema.safeParse(hostile).success, JSON.stringify(hostile)).toBe(false);
    }
  });

  it('keeps enough extra seats for everyone who holds one', () => {
    expect(fewestExtraSeats(1)).toBe(0);
    expect(fewestExtraSeats(3)).toBe(0);
    expect(fewestExtraSeats(5)).toBe(2);
  });
});
