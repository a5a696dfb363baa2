import { describe, expect, it } from 'vitest';
import {
  BuyerChoiceSchema,
  BuyerEarnestMoneySchema,
  DealDispositionSchema,
  dispositionMessages,
  proofOfFundsCovers,
} from './disposition-requests';

const a = '0b6c7f4e-1f7a-4a39-9d0e-2a4c1b7e9f10';
const b = '5d2e1c3b-8a9f-4e7d-b6c5-4a3b2c1d0e9f';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('BuyerChoiceSchema', () => {
  it.each([
    [{ primaryOfferId: a, backupOfferId: b }, null],
    [{ primaryOfferId: a, backupOfferId: null }, null],
    [{ primaryOfferId: null, backupOfferId: null }, null],
    [{ primaryOfferId: a, backupOfferId: a }, dispositionMessages.sameBuyerTwice],
    [{ primaryOfferId: null, backupOfferId: b }, dispositionMessages.backupWithoutPrimary],
    [{ primaryOfferId: 'not-an-id', backupOfferId: null }, dispositionMessages.offerNotFound],
  ])('%o → %s', (choice, message) => {
    const result = BuyerChoiceSchema.safeParse(choice);
    expect(result.success).toBe(message === null);
    if (message !== null) expect(firstMessage(result)).toBe(message);
  });

  it('refuses fields it does not know', () => {
    expect(BuyerChoiceSchema.safeParse({ primaryOfferId: a, backupOfferId: null, leadId: b }).success).toBe(false);
  });
});

describe('DealDispositionSchema and BuyerEarnestMoneySchema', () => {
  it('take a sale with a price over $0 on a real date', () => {
    expect(DealDispositionSchema.parse({ disposition: 'assigned', price: 172_500, disposedOn: '2026-11-20' })).toEqual({
      disposition: 'assigned',
      price: 172_500,
      disposedOn: '2026-11-20',
    });
    expect(
      firstMessage(DealDispositionSchema.safeParse({ disposition: 'sold', price: 1, disposedOn: '2026-11-20' })),
    ).toBe(dispositionMessages.dispositionRequired);
    expect(
      firstMessage(DealDispositionSchema.safeParse({ disposition: 'assigned', price: 0, disposedOn: '2026-11-20' })),
    ).toBe('Price must be more than $0');
    expect(
      DealDispositionSchema.safeParse({ disposition: 'assigned', price: 1, disposedOn: '2026-02-31' }).success,
    ).toBe(false);
  });

  it('take earnest money in dollars and cents, never negative', () => {
    expect(BuyerEarnestMoneySchema.safeParse({ amount: 5_000.25, receivedOn: '2026-11-21' }).success).toBe(true);
    expect(firstMessage(BuyerEarnestMoneySchema.safeParse({ amount: -1, receivedOn: '2026-11-21' }))).toBe(
      'Earnest money cannot be negative',
    );
    expect(firstMessage(BuyerEarnestMoneySchema.safeParse({ amount: 5_000 }))).toBe(
      dispositionMessages.receivedOnRequired,
    );
  });
});

describe('proofOfFundsCovers', () => {
  it.each([
    [{ amount: 170_000, proofOfFundsAmount: 200_000, hasProofFile: true }, true],
    [{ amount: 170_000, proofOfFundsAmount: 170_000, hasProofFile: true }, true],
    [{ amount: 170_000, proofOfFundsAmount: 169_999.99, hasProofFile: true }, false],
    [{ amount: 170_000, proofOfFundsAmount: 200_000, hasProofFile: false }, false],
    [{ amount: 170_000, proofOfFundsAmount: null, hasProofFile: true }, false],
  ])('%o → %s', (offer, covers) => {
    expect(proofOfFundsCovers(offer)).toBe(covers);
  });
});
