import { z } from 'zod';
import { calendarDate, dealAmount } from '../leads/deal-terms';
import { DEAL_DISPOSITIONS } from './deal-disposition';

/** Refusals and form messages of a deal's buyers, earnest money, costs and sale, word for word on the server and the web. */
export const dispositionMessages = {
  leadNotFound: 'Lead not found',
  offerNotFound: 'That buyer offer is not one of this deal’s',
  proofNotFound: 'This offer came without a proof of funds file',
  notUnderContract: 'Buyer offers, earnest money and the sale are recorded once the lead is under contract.',
  sameBuyerTwice: 'The backup buyer must be another offer than the primary one',
  backupWithoutPrimary: 'Choose a primary buyer before a backup',
  contractPriceFirst: 'Enter the contract price (Under Contract terms) before recording the sale',
  dispositionRequired: 'Please choose how the deal was sold',
  priceRequired: 'Please enter the price',
  disposedOnRequired: 'Please enter the date',
  receivedOnRequired: 'Please enter the date it arrived',
  monthRequired: 'Use a month like 2026-05',
} as const;

const offerId = z.uuid(dispositionMessages.offerNotFound).nullable();

/** The primary and backup buyers: two different offers of the deal, or none (null clears a choice). */
export const BuyerChoiceSchema = z
  .strictObject({ primaryOfferId: offerId, backupOfferId: offerId })
  .refine((choice) => choice.backupOfferId === null || choice.primaryOfferId !== null, {
    message: dispositionMessages.backupWithoutPrimary,
    path: ['backupOfferId'],
  })
  .refine((choice) => choice.backupOfferId === null || choice.backupOfferId !== choice.primaryOfferId, {
    message: dispositionMessages.sameBuyerTwice,
    path: ['backupOfferId'],
  });
export type BuyerChoice = z.infer<typeof BuyerChoiceSchema>;

/** The buyer's earnest money as it arrived (dollars) and the day it did. */
export const BuyerEarnestMoneySchema = z.strictObject({
  amount: dealAmount('Earnest money'),
  receivedOn: calendarDate(dispositionMessages.receivedOnRequired),
});
export type BuyerEarnestMoney = z.infer<typeof BuyerEarnestMoneySchema>;

/** The fee ledger's costs (dollars; null: none). */
export const DealCostsSchema = z.strictObject({
  marketingCost: dealAmount('Marketing cost').nullable(),
  earnestMoneyLost: dealAmount('Earnest money lost').nullable(),
  closingCosts: dealAmount('Closing costs').nullable(),
});
export type DealCosts = z.infer<typeof DealCostsSchema>;

/** The sale: assigned (at the assignment price) or double-closed (at the resale price), and the day. */
export const DealDispositionSchema = z.strictObject({
  disposition: z.enum(DEAL_DISPOSITIONS, dispositionMessages.dispositionRequired),
  price: dealAmount('Price').refine((price) => price > 0, 'Price must be more than $0'),
  disposedOn: calendarDate(dispositionMessages.disposedOnRequired),
});
export type DealDispositionInput = z.infer<typeof DealDispositionSchema>;

export const dispositionLabels = { assigned: 'Assigned', 'double-closed': 'Double-closed' } as const;

/**
 * Whether a buyer's proof of funds backs their offer: a file was sent with it and the amount it
 * shows is at least the offer (dollars).
 */
export function proofOfFundsCovers(offer: {
  amount: number;
  proofOfFundsAmount: number | null;
  hasProofFile: boolean;
}) {
  return offer.hasProofFile && offer.proofOfFundsAmount !== null && offer.proofOfFundsAmount >= offer.amount;
}
