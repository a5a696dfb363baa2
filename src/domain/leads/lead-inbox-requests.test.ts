import { describe, expect, it } from 'vitest';
import {
  LeadNoteSchema,
  LeadsInboxQuerySchema,
  LeadStatusChangeSchema,
  RevisedOfferRequestSchema,
} from './lead-inbox-requests';
import { leadStatusLabels, LEAD_STATUSES } from './lead-status';

describe('lead inbox requests', () => {
  it('labels every status as the pipeline names it', () => {
    expect(LEAD_STATUSES.map((status) => leadStatusLabels[status])).toEqual([
      'New',
      'Contacted',
      'Negotiating',
      'Under Contract',
      'Closed',
      'Dead',
    ]);
    expect(LeadStatusChangeSchema.safeParse({ status: 'won' }).success).toBe(false);
  });

  it('bounds the search and notes, and refuses NUL', () => {
    expect(LeadsInboxQuerySchema.parse({ q: '  Oak ' })).toEqual({ q: 'Oak' });
    expect(LeadsInboxQuerySchema.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
    expect(LeadNoteSchema.safeParse({ text: ' ' }).error?.issues[0]?.message).toBe('Please write a note');
    expect(LeadNoteSchema.safeParse({ text: 'x'.repeat(5001) }).success).toBe(false);
    expect(LeadNoteSchema.safeParse({ text: 'a\u0000b' }).error?.issues[0]?.message).toBe(
      'Text cannot contain NUL characters',
    );
  });

  it.each([
    [{ offerRange: { low: 130000, high: 120000 } }, 'The low offer must not be above the high offer'],
    [{ offerRange: { low: 1.5, high: 2 } }, 'Offer amounts are whole dollars'],
    [{ offerRange: { low: -1, high: 2 } }, 'Offer amounts must be 0 or more'],
    [{ offerRange: { low: 1, high: 1e11 } }, 'Offer amounts must be at most $10,000,000,000'],
  ])('refuses the revised offer %j', (body, message) => {
    expect(RevisedOfferRequestSchema.safeParse(body).error?.issues[0]?.message).toBe(message);
  });

  it('accepts a revised range with an optional message', () => {
    expect(RevisedOfferRequestSchema.parse({ offerRange: { low: 120000, high: 130000 } })).toEqual({
      offerRange: { low: 120000, high: 130000 },
      message: '',
    });
  });
});
