import { describe, expect, it } from 'vitest';
import { homeownerAnswerMessage } from './homeowner-answer-message';
import { LEAD_ANSWERED_KINDS, describeLeadAnswer } from './lead-answered-kind';

describe('homeownerAnswerMessage', () => {
  it('never tells the homeowner that anything was accepted, and always names the wholesaler', () => {
    for (const kind of LEAD_ANSWERED_KINDS) {
      for (const aboveProgramThreshold of [false, true]) {
        const { title, message } = homeownerAnswerMessage({
          kind,
          displayName: 'Ann Lee',
          desiredPrice: 150000,
          aboveProgramThreshold,
        });
        expect(`${title} ${message}`).not.toMatch(/\baccepted\b/i);
        expect(title).toContain('sent to Ann Lee');
      }
    }
  });

  it('tells a counter its amount and what happens next', () => {
    expect(homeownerAnswerMessage({ kind: 'countered', displayName: 'Ann Lee', desiredPrice: 150000 })).toEqual({
      outcome: 'sent',
      title: 'Your counter-offer of $150,000 was sent to Ann Lee',
      message:
        'Ann Lee will review it and reply by e-mail or phone. Nothing is agreed until Ann Lee answers and you both sign a purchase contract.',
    });
  });

  it('adds the MLS/Retail programme above the 82% threshold (§4)', () => {
    const answer = homeownerAnswerMessage({
      kind: 'countered',
      displayName: 'Ann Lee',
      desiredPrice: 190000,
      aboveProgramThreshold: true,
    });
    expect(answer.outcome).toBe('needs-program-info');
    expect(answer.message).toContain('MLS/Retail program');
  });
});

describe('describeLeadAnswer', () => {
  it.each([
    ['accepted', null, 'accepted'],
    ['countered', 150000, 'countered at $150,000'],
    ['countered', null, 'countered'],
    ['program-interest', null, 'MLS/Retail program interest'],
    ['new-offer-requested', null, 'asked for a new offer'],
  ] as const)('%s %j reads %j', (kind, desiredPrice, expected) => {
    expect(describeLeadAnswer(kind, desiredPrice)).toBe(expected);
  });
});
