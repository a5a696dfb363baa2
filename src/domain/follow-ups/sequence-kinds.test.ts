import { describe, expect, it } from 'vitest';
import { LEAD_STATUSES } from '../leads/lead-status';
import { builtInFollowUpSequences } from './built-in-sequences';
import { FOLLOW_UP_SEQUENCE_KINDS } from './sequence';
import { followUpSequenceKind, followUpStopOnStatus, statusesToStartFollowUp } from './sequence-kinds';
import { FollowUpSequenceRequestSchema } from './sequence-request';

describe('followUpStopOnStatus', () => {
  it.each(LEAD_STATUSES.map((status) => [status]))(
    'at %s: a first offer stops past New, a nurture only at a contract',
    (status) => {
      expect(followUpStopOnStatus('first-offer', status)).toBe(status === 'new' ? null : 'status-changed');
      const contracted = status === 'under-contract' || status === 'closed';
      for (const kind of ['nurture', 'dead-quarterly'] as const) {
        expect(followUpStopOnStatus(kind, status)).toBe(contracted ? 'under-contract' : null);
      }
    },
  );

  it('never starts a sequence at a status that would stop it at once', () => {
    for (const kind of FOLLOW_UP_SEQUENCE_KINDS) {
      for (const status of statusesToStartFollowUp[kind]) expect(followUpStopOnStatus(kind, status)).toBeNull();
    }
  });
});

describe('built-in sequences', () => {
  it.each(FOLLOW_UP_SEQUENCE_KINDS.map((kind) => [kind]))(
    '%s is of its kind and passes the checks an own sequence passes',
    (kind) => {
      const sequence = builtInFollowUpSequences[kind];
      expect(followUpSequenceKind(sequence)).toBe(kind);
      const [offer, ...steps] = sequence.steps;
      expect(offer).toEqual({ day: 0, kind: 'offer' });
      expect(FollowUpSequenceRequestSchema.safeParse({ name: sequence.name, steps }).success).toBe(true);
    },
  );

  it('nurtures for six to twelve months, a touch every few weeks, and writes to a Dead lead once a quarter', () => {
    const days = builtInFollowUpSequences.nurture.steps.map((step) => step.day);
    expect(days.at(-1)).toBeGreaterThanOrEqual(180);
    expect(days.at(-1)).toBeLessThanOrEqual(365);
    const gaps = days.slice(1).map((day, index) => day - days[index]!);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(14);
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(70);
    const kinds = new Set(builtInFollowUpSequences.nurture.steps.map((step) => step.kind));
    expect([...kinds].sort()).toEqual(['call', 'email', 'mail', 'offer']);
    const quarters = builtInFollowUpSequences['dead-quarterly'].steps.slice(1).map((step) => step.day);
    expect(quarters.every((day, index) => day === (index + 1) * 90)).toBe(true);
  });

  it('reads a sequence stored before kinds as a first offer’s', () => {
    expect(followUpSequenceKind({})).toBe('first-offer');
  });
});
