import { describe, expect, it } from 'vitest';
import {
  answerRate,
  promoteMessages,
  PromoteProspectRequestSchema,
  ProspectListQuerySchema,
} from './prospect-requests';

describe('answerRate', () => {
  it.each([
    [{ answered: 0, reached: 0 }, 0],
    [{ answered: 1, reached: 3 }, 0.333],
    [{ answered: 2, reached: 3 }, 0.667],
    [{ answered: 5, reached: 5 }, 1],
  ])('%o answers %d', (figures, expected) => {
    expect(answerRate(figures)).toBe(expected);
  });
});

describe('PromoteProspectRequestSchema', () => {
  it('needs the price when the owner named one', () => {
    const result = PromoteProspectRequestSchema.safeParse({ kind: 'counter' });
    expect(result.error?.issues[0]).toMatchObject({ message: promoteMessages.price, path: ['desiredPrice'] });
    expect(PromoteProspectRequestSchema.parse({ kind: 'counter', desiredPrice: 150_000 })).toEqual({
      kind: 'counter',
      desiredPrice: 150_000,
      note: '',
    });
  });

  it('refuses a price that is no whole positive number of dollars', () => {
    for (const desiredPrice of [0, -5, 1.5, 2e9]) {
      expect(PromoteProspectRequestSchema.safeParse({ kind: 'accept', desiredPrice }).success).toBe(false);
    }
  });
});

describe('ProspectListQuerySchema', () => {
  it('refuses an unknown filter with its message', () => {
    expect(ProspectListQuerySchema.safeParse({ touch: 'faxed' }).error?.issues[0]?.message).toBe('Unknown touch');
    expect(ProspectListQuerySchema.parse({ q: '  Oak ', channel: 'mail' })).toEqual({ q: 'Oak', channel: 'mail' });
  });
});
