import { describe, expect, it } from 'vitest';
import { leadAssigneeSources } from './choose-lead-assignee';

describe('leadAssigneeSources', () => {
  it.each([
    [true, 'member', ['answered-member', 'designated-member', 'owner']],
    [true, 'round-robin', ['answered-member', 'round-robin', 'designated-member', 'owner']],
    [false, 'member', ['designated-member', 'owner']],
    [false, 'round-robin', ['round-robin', 'designated-member', 'owner']],
  ] as const)('answered member %s, rule %s: tries %j in turn', (answeredMember, rule, sources) => {
    expect(leadAssigneeSources({ answeredMember, rule })).toEqual(sources);
  });
});
