import { describe, expect, it } from 'vitest';
import { endOfLocalDay, FALLBACK_TIME_ZONE, followUpDueAt, followUpTimeZone, timeZoneOfAddress } from './schedule';

describe('timeZoneOfAddress', () => {
  it.each([
    ['48 Elm St, Austin, TX', 'America/Chicago'],
    ['48 Elm St, Austin, TX 78701', 'America/Chicago'],
    ['1 Pine Rd, Portland, OR 97201-1234, USA', 'America/Los_Angeles'],
    ['9 Bay St, Miami, fl', 'America/New_York'],
    ['7 Mesa Dr, Phoenix 85001', 'America/Phoenix'],
    ['3 Sun Ln, Honolulu, HI', 'Pacific/Honolulu'],
    ['12 Harbor Ct, Boston 02108', 'America/New_York'],
  ])('%s is in %s', (address, zone) => {
    expect(timeZoneOfAddress(address)).toBe(zone);
  });

  it('takes no state from the middle of an address (Ct is a court) and none it cannot place', () => {
    expect(timeZoneOfAddress('5 Ct Rd, Springfield')).toBeNull();
    expect(timeZoneOfAddress('12 Oak St, Anytown, ZZ')).toBeNull();
    expect(timeZoneOfAddress('')).toBeNull();
  });

  it('falls back to the sender’s address, then to the default zone', () => {
    expect(followUpTimeZone('12 Oak St', '1 Main St, Denver, CO 80202')).toBe('America/Denver');
    expect(followUpTimeZone('12 Oak St', '')).toBe(FALLBACK_TIME_ZONE);
  });
});

describe('followUpDueAt', () => {
  it('is the offer itself on day 0', () => {
    const start = new Date('2026-11-25T03:17:00Z');
    expect(followUpDueAt(start, 0, 'America/Chicago')).toEqual(start);
  });

  it('is 10:00 on the recipient’s calendar day, counted from their own date', () => {
    // 03:17 UTC on the 25th is still the evening of the 24th in Chicago: day 2 is the 26th there.
    expect(followUpDueAt(new Date('2026-11-25T03:17:00Z'), 2, 'America/Chicago').toISOString()).toBe(
      '2026-11-26T16:00:00.000Z',
    );
    expect(followUpDueAt(new Date('2026-11-25T03:17:00Z'), 2, 'America/New_York').toISOString()).toBe(
      '2026-11-26T15:00:00.000Z',
    );
    expect(followUpDueAt(new Date('2026-11-25T20:00:00Z'), 5, 'Pacific/Honolulu').toISOString()).toBe(
      '2026-11-30T20:00:00.000Z',
    );
  });

  it('keeps 10:00 local across a change to summer time', () => {
    // Summer time starts on 8 March 2026 in the US: 10:00 CDT is 15:00 UTC.
    expect(followUpDueAt(new Date('2026-03-06T18:00:00Z'), 5, 'America/Chicago').toISOString()).toBe(
      '2026-03-11T15:00:00.000Z',
    );
    expect(followUpDueAt(new Date('2026-03-06T18:00:00Z'), 5, 'America/Phoenix').toISOString()).toBe(
      '2026-03-11T17:00:00.000Z',
    );
  });

  it('ends a local day at its midnight', () => {
    expect(endOfLocalDay(new Date('2026-11-25T03:17:00Z'), 'America/Chicago').toISOString()).toBe(
      '2026-11-25T06:00:00.000Z',
    );
  });
});
