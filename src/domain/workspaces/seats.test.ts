import { describe, expect, it } from 'vitest';
import { hasFreeSeat, noSeatMessage, seatCount } from './seats';

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
      'All 4 seats are in use. Add seats on the Plans page, or remove a member or a pending invitation first.',
    );
  });
});
