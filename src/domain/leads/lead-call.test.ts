import { describe, expect, it } from 'vitest';
import { describeCall, LeadCallLogSchema, phoneKey, statusAfterCall } from './lead-call';

describe('statusAfterCall', () => {
  it.each([
    ['interested', 'new', false, 'contacted'],
    ['appointment-set', 'new', false, 'contacted'],
    ['interested', 'negotiating', false, null],
    ['not-interested', 'contacted', false, null],
    ['not-interested', 'contacted', true, 'dead'],
    ['not-interested', 'dead', true, null],
    ['no-answer', 'new', true, null],
    ['not-now', 'new', false, null],
  ] as const)('%s on a %s lead (mark Dead: %s) moves it to %s', (outcome, status, markDead, expected) => {
    expect(statusAfterCall(outcome, status, markDead)).toBe(expected);
  });
});

describe('a logged call', () => {
  it('matches two spellings of one number by their digits', () => {
    expect(phoneKey('(512) 555-0142')).toBe(phoneKey('512.555.0142'));
    expect(phoneKey('+1 512 555 0142')).toBe('+15125550142');
  });

  it('says what happened in the lead’s history', () => {
    expect(describeCall({ channel: 'text', phone: '512-555-0142', outcome: 'left-voicemail' })).toBe(
      'Text to 512-555-0142: Left voicemail',
    );
  });

  it('needs a date for an appointment and for “not now”', () => {
    const base = { channel: 'call', phone: '512-555-0142' } as const;
    expect(LeadCallLogSchema.safeParse({ ...base, outcome: 'not-now' }).error?.issues[0]?.message).toBe(
      'Please choose when to call back',
    );
    expect(LeadCallLogSchema.safeParse({ ...base, outcome: 'appointment-set' }).error?.issues[0]?.path).toEqual([
      'appointmentAt',
    ]);
    expect(
      LeadCallLogSchema.safeParse({ ...base, outcome: 'not-now', callBackAt: '2026-12-20T15:00:00.000Z' }).success,
    ).toBe(true);
  });
});
