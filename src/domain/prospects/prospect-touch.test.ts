import { describe, expect, it } from 'vitest';
import { PROSPECT_STATUSES, PROSPECT_TOUCH_KINDS, statusAfterTouch } from './prospect-touch';

describe('statusAfterTouch', () => {
  it.each(PROSPECT_STATUSES)('makes a %s who answers a lead', (status) => {
    expect(statusAfterTouch(status, 'answered')).toBe('lead');
  });

  it.each([
    ['prospect', 'bounced', 'stopped'],
    ['prospect', 'unsubscribed', 'stopped'],
    ['lead', 'bounced', 'lead'],
    ['lead', 'unsubscribed', 'lead'],
    ['stopped', 'e-mailed', 'stopped'],
  ] as const)('leaves a %s who %s %s', (status, kind, expected) => {
    expect(statusAfterTouch(status, kind)).toBe(expected);
  });

  it('changes nothing for the touches that are no answer and no stop', () => {
    const neutral = PROSPECT_TOUCH_KINDS.filter((kind) => !['answered', 'bounced', 'unsubscribed'].includes(kind));
    for (const kind of neutral) expect(statusAfterTouch('prospect', kind)).toBe('prospect');
  });
});
