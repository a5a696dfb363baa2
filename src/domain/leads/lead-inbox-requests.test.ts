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

  const revised = { marketValue: 200000, repairs: [{ name: 'New Roof', cost: 9000 }] };
  it.each([
    [{ ...revised, marketValue: -1 }, 'Market value must be a positive number'],
    [{ ...revised, marketValue: 2e10 }, 'Market value must be at most $10,000,000,000'],
    [{ ...revised, repairs: [{ name: 'Roof', cost: -5 }] }, 'Repair costs cannot be negative'],
    [{ ...revised, repairs: [{ name: ' ', cost: 5 }] }, 'Please name the repair'],
    [
      {
        ...revised,
        repairs: [
          { name: 'A', cost: 6e9 },
          { name: 'B', cost: 6e9 },
        ],
      },
      'Total repairs must be at most $10,000,000,000',
    ],
    [{ ...revised, offerRange: undefined, marketValue: undefined }, 'Please enter the market value'],
  ])('refuses the revised offer %j', (body, message) => {
    expect(RevisedOfferRequestSchema.safeParse(body).error?.issues[0]?.message).toBe(message);
  });

  it('takes the deal figures, an optional template and message; never a typed range', () => {
    expect(RevisedOfferRequestSchema.parse({ ...revised, offerRange: { low: 1, high: 2 } })).toEqual({
      ...revised,
      message: '',
    });
  });

  it('asks Under Contract for its contract terms and Closed for what was received, and no status for another', () => {
    const issue = (body: unknown) => LeadStatusChangeSchema.safeParse(body).error?.issues[0];
    expect(issue({ status: 'under-contract' })).toMatchObject({
      path: ['contract'],
      message: 'Please enter the contract terms to move this lead to Under Contract',
    });
    expect(issue({ status: 'closed' })?.message).toBe('Please enter what was received to move this lead to Closed');
    const contract = { contractPrice: 150000, contractDate: '2026-12-01' };
    expect(issue({ status: 'negotiating', contract })?.message).toBe(
      'Contract terms go with the Under Contract status',
    );
    expect(issue({ status: 'under-contract', contract: { ...contract, contractPrice: -1 } })?.message).toBe(
      'Contract price cannot be negative',
    );
    expect(issue({ status: 'under-contract', contract: { ...contract, contractDate: '2026-02-31' } })?.message).toBe(
      'Use a real date like 2026-05-31',
    );
    expect(issue({ status: 'under-contract', contract: { ...contract, closingDate: '2026-11-30' } })?.message).toBe(
      'The closing date cannot be before the contract date',
    );
    expect(LeadStatusChangeSchema.parse({ status: 'under-contract', contract })).toEqual({
      status: 'under-contract',
      contract: { ...contract, closingDate: null, titleCompany: '', earnestMoney: null },
    });
    expect(issue({ status: 'closed', closing: { amountReceived: 1e11, closedOn: '2027-01-15' } })?.message).toBe(
      'Amount received must be at most $10,000,000,000',
    );
  });
});
