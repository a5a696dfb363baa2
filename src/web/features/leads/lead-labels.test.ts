import { describe, expect, it } from 'vitest';
import { answerLabel, describeLeadEvent, eventAuthor, eventGroup, formatOfferRange, sentenceCase } from './lead-labels';
import type { LeadEvent } from './leads-api';

const event = (overrides: Partial<LeadEvent>): LeadEvent => ({
  id: 'e1',
  kind: 'offer',
  responseKind: null,
  desiredPrice: null,
  fromStatus: null,
  toStatus: null,
  offerRange: null,
  text: '',
  exportedTo: null,
  actor: null,
  createdAt: '2026-11-22T17:41:00.000Z',
  ...overrides,
});

describe('lead labels', () => {
  it('formats an offer range, or says there is none', () => {
    expect(formatOfferRange({ low: 113000, high: 128000 })).toBe('$113,000 – $128,000');
    expect(formatOfferRange(null)).toBeNull();
  });

  it.each([
    ['countered at $150,000', 'Countered at $150,000'],
    ['accepted', 'Accepted'],
    ['MLS/Retail program interest', 'MLS/Retail program interest'],
    ['asked for a new offer', 'Asked for a new offer'],
    [null, 'No answer recorded'],
  ])('answer %j reads %j', (response, label) => {
    expect(answerLabel(response)).toBe(label);
  });

  it('leaves an empty phrase empty', () => {
    expect(sentenceCase('')).toBe('');
  });

  it.each<[Partial<LeadEvent>, string, string]>([
    [{ kind: 'offer', offerRange: { low: 113000, high: 128000 } }, 'Offer made: $113,000 – $128,000', 'offers'],
    [
      { kind: 'response', responseKind: 'countered', desiredPrice: 150000 },
      'Homeowner countered at $150,000',
      'offers',
    ],
    [{ kind: 'response', responseKind: 'accepted' }, 'Homeowner accepted', 'offers'],
    [{ kind: 'response', responseKind: 'new-offer-requested' }, 'Homeowner asked for a new offer', 'offers'],
    [
      { kind: 'revised-offer', offerRange: { low: 125000, high: 140000 } },
      'Revised offer sent: $125,000 – $140,000',
      'offers',
    ],
    [{ kind: 'status', fromStatus: 'new', toStatus: 'under-contract' }, 'New → Under Contract', 'status'],
    [{ kind: 'note', text: 'Wants to close in May' }, 'Wants to close in May', 'notes'],
    [{ kind: 'assignment', text: 'Rita Rep' }, 'Assigned to Rita Rep', 'status'],
    [
      { kind: 'export', exportedTo: 'ghl', offerRange: { low: 113000, high: 128000 } },
      'Exported to GoHighLevel: $113,000 – $128,000',
      'offers',
    ],
    [{ kind: 'export', exportedTo: 'sheets' }, 'Exported to Google Sheets', 'offers'],
  ])('%j reads %j in %s', (overrides, text, group) => {
    expect(describeLeadEvent(event(overrides))).toBe(text);
    expect(eventGroup(event(overrides))).toBe(group);
  });

  it("names who wrote an entry, and nobody for the homeowner's", () => {
    expect(eventAuthor(event({ kind: 'note', actor: { userId: 'u1', name: 'Rita Rep' } }))).toBe('by Rita Rep');
    expect(eventAuthor(event({ kind: 'response' }))).toBeNull();
  });
});
