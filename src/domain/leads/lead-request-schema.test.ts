import { describe, expect, it } from 'vitest';
import { LeadRequestSchema, leadRequestMessages } from './lead-request-schema';

const accept = {
  kind: 'accept',
  address: '12 Oak St, Austin, TX',
  marketValue: 200000,
  offerRange: { low: 120000, high: 135000 },
  totalRepairCost: 0,
};
const negotiate = {
  kind: 'counter',
  address: '12 Oak St, Austin, TX',
  marketValue: 200000,
  offerRange: { low: 120000, high: 135000 },
  desiredPrice: 120000,
  userType: 'homeowner',
};
const program = {
  kind: 'program',
  fullName: 'Ann Lee',
  phone: '512-555-0100',
  email: 'ann@example.com',
  address: '12 Oak St, Austin, TX',
  condition: 'Fair',
  timeframe: 'ASAP',
};
const contact = { name: 'Ann Lee', email: 'ann@example.com', phone: '512-555-0100' };

const firstMessage = (input: unknown) => LeadRequestSchema.safeParse(input).error?.issues[0]?.message;

describe('LeadRequestSchema accepts', () => {
  it.each([
    ['an accept before the outside lead form', accept],
    ['an accept with the homeowner contact', { ...accept, contact }],
    ['an accept after an accepted counter-offer', { ...accept, desiredPrice: 150000 }],
    ['a homeowner counter-offer at 60%', negotiate],
    ['a homeowner counter-offer at exactly 82%', { ...negotiate, desiredPrice: 164000 }],
    ['a wholesaler counter-offer at 90%', { ...negotiate, desiredPrice: 180000, userType: 'wholesaler' }],
    ['a programme request', program],
    [
      'a programme request with its offer',
      { ...program, marketValue: 200000, offerRange: accept.offerRange, desiredPrice: 180000, notes: 'Call after 5' },
    ],
  ])('%s', (_name, input) => {
    const result = LeadRequestSchema.safeParse(input);
    expect(result.error?.issues).toBeUndefined();
  });

  it('fills notes with "" when left out', () => {
    const parsed = LeadRequestSchema.parse(program);
    expect(parsed.kind === 'program' && parsed.notes).toBe('');
  });
});

describe('LeadRequestSchema refuses', () => {
  it.each([
    ['an unknown kind', { ...accept, kind: 'sell' }, 'Unknown lead kind'],
    ['no kind', { ...accept, kind: undefined }, 'Unknown lead kind'],
    ['a missing address', { ...accept, address: ' ' }, 'Please enter a property address'],
    ['a text range', { ...accept, offerRange: { low: '120000', high: 135000 } }, 'Invalid offer range values'],
    ['a reversed range', { ...accept, offerRange: { low: 135001, high: 135000 } }, 'Invalid offer range values'],
    [
      'a range above the value',
      { ...accept, offerRange: { low: 120000, high: 200001 } },
      leadRequestMessages.rangeAboveMarketValue,
    ],
    ['negative repairs', { ...accept, totalRepairCost: -1 }, 'Invalid repair cost value'],
    ['missing repairs', { ...accept, totalRepairCost: undefined }, 'Invalid repair cost value'],
    ['an incomplete contact', { ...accept, contact: { ...contact, phone: '' } }, 'Phone number is required'],
    [
      'a contact with a bad e-mail',
      { ...accept, contact: { ...contact, email: 'ann' } },
      'Please enter a valid email address',
    ],
    [
      'a homeowner counter-offer above 82%',
      { ...negotiate, desiredPrice: 164000.01 },
      leadRequestMessages.needsProgram,
    ],
    ['a counter-offer without a price', { ...negotiate, desiredPrice: undefined }, 'Please enter your desired price'],
    ['a zero counter-offer', { ...negotiate, desiredPrice: 0 }, 'Desired price must be a positive number'],
    ['an unknown user type', { ...negotiate, userType: 'admin' }, 'Unknown user type'],
    ['a programme request without condition', { ...program, condition: '' }, 'Please select the property condition'],
    [
      'a programme request with a bad phone',
      { ...program, phone: '555' },
      'Please enter a valid phone number (XXX-XXX-XXXX)',
    ],
  ])('%s', (_name, input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('text with a NUL character, anywhere', () => {
    expect(firstMessage({ ...program, notes: 'a\u0000b' })).toBe(leadRequestMessages.nulCharacter);
    expect(firstMessage({ ...accept, contact: { ...contact, name: 'Ann\u0000' } })).toBe(
      leadRequestMessages.nulCharacter,
    );
  });

  it('a non-object body', () => {
    expect(LeadRequestSchema.safeParse('accept').success).toBe(false);
    expect(LeadRequestSchema.safeParse(null).success).toBe(false);
  });
});
