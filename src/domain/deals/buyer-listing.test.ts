import { describe, expect, it } from 'vitest';
import { BuyerListingFormSchema, BuyerOfferFormSchema, SendDealRequestSchema } from './buyer-listing';

const offer = {
  amount: '$180,000',
  proofOfFundsAmount: '',
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '',
  message: '',
};
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('BuyerOfferFormSchema', () => {
  it.each([
    ['$180,000', 180_000],
    ['180000.5', 180_000.5],
    [' 95,000 ', 95_000],
  ])('reads the offer %j as %d dollars', (amount, dollars) => {
    expect(BuyerOfferFormSchema.parse({ ...offer, amount }).amount).toBe(dollars);
  });

  it.each([
    [{ amount: '' }, 'Please enter your offer'],
    [{ amount: 'lots' }, 'Your offer must be a positive number'],
    [{ amount: '-5' }, 'Your offer must be a positive number'],
    [{ amount: '20000000000' }, 'Your offer must be at most $10,000,000,000'],
    [{ proofOfFundsAmount: 'some' }, 'Funds shown must be a positive number'],
    [{ name: '' }, 'Name is required'],
    [{ email: 'ann' }, 'Please enter a valid email address'],
    [{ phone: '555' }, 'Please enter a valid phone number (XXX-XXX-XXXX)'],
  ])('refuses %j: %s', (change, message) => {
    expect(firstMessage(BuyerOfferFormSchema.safeParse({ ...offer, ...change }))).toBe(message);
  });

  it('takes no funds amount and no phone as not given', () => {
    expect(BuyerOfferFormSchema.parse(offer)).toMatchObject({ proofOfFundsAmount: null, phone: '' });
  });
});

describe('BuyerListingFormSchema', () => {
  it('reads typed amounts, empty ones as not set, and trims the notes', () => {
    expect(
      BuyerListingFormSchema.parse({ askingPrice: '$185,000', accessNotes: ' Lockbox 4321 ', buyerEarnestMoney: '' }),
    ).toEqual({ askingPrice: 185_000, accessNotes: 'Lockbox 4321', buyerEarnestMoney: null });
  });

  it('refuses an asking price that is not an amount', () => {
    const result = BuyerListingFormSchema.safeParse({ askingPrice: 'ask me', accessNotes: '', buyerEarnestMoney: '' });
    expect(firstMessage(result)).toBe('Asking price must be a positive number');
  });
});

describe('SendDealRequestSchema', () => {
  const leadId = '7d3c1f6e-8c1a-4a5e-9d2b-0c4e5f6a7b8c';
  const buyerId = '1b2c3d4e-5f60-4a1b-8c2d-3e4f5a6b7c8d';

  it('sends each buyer once however often they are ticked', () => {
    expect(SendDealRequestSchema.parse({ leadId, buyerIds: [buyerId, buyerId] }).buyerIds).toEqual([buyerId]);
  });

  it('refuses no buyer, more than 50, and ids that are not ids', () => {
    expect(firstMessage(SendDealRequestSchema.safeParse({ leadId, buyerIds: [] }))).toBe('Choose at least one buyer');
    const many = Array.from({ length: 51 }, (_, at) => `00000000-0000-4000-8000-${String(at).padStart(12, '0')}`);
    expect(firstMessage(SendDealRequestSchema.safeParse({ leadId, buyerIds: many }))).toBe(
      'Send to at most 50 buyers at once',
    );
    expect(firstMessage(SendDealRequestSchema.safeParse({ leadId: 'x', buyerIds: [buyerId] }))).toBe('Lead not found');
  });
});
