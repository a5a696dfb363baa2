import { z } from 'zod';
import {
  BuyerChoiceSchema,
  BuyerEarnestMoneySchema,
  DealCostsSchema,
  DealDispositionSchema,
  dispositionMessages,
  type BuyerEarnestMoney,
  type DealCosts,
  type DealDispositionInput,
} from '#domain/deals/disposition-requests.ts';

/** Dollars as typed ('$5,000'): '' is null, or `required`'s message when it is given; text that is no number says so. */
const typedAmount = (label: string, required: string | null) =>
  z.string().transform((text, context): number | null => {
    const cleaned = text.replace(/[$,\s]/g, '');
    if (cleaned === '') {
      if (required === null) return null;
      context.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const amount = Number(cleaned);
    if (Number.isNaN(amount)) {
      context.addIssue({ code: 'custom', message: `${label} must be a number` });
      return z.NEVER;
    }
    return amount;
  });

export type EarnestMoneyFormValues = { amount: string; receivedOn: string };

/** The buyer's earnest money form, over the shared BuyerEarnestMoneySchema. */
export const EarnestMoneyFormSchema = z
  .object({
    amount: typedAmount('Earnest money', 'Please enter the earnest money').pipe(BuyerEarnestMoneySchema.shape.amount),
    receivedOn: BuyerEarnestMoneySchema.shape.receivedOn,
  })
  .transform((values): BuyerEarnestMoney => values)
  .pipe(BuyerEarnestMoneySchema);

export type DealCostsFormValues = { marketingCost: string; earnestMoneyLost: string; closingCosts: string };

/** The fee ledger's costs form, over the shared DealCostsSchema (an empty field is no cost). */
export const DealCostsFormSchema = z
  .object({
    marketingCost: typedAmount('Marketing cost', null).pipe(DealCostsSchema.shape.marketingCost),
    earnestMoneyLost: typedAmount('Earnest money lost', null).pipe(DealCostsSchema.shape.earnestMoneyLost),
    closingCosts: typedAmount('Closing costs', null).pipe(DealCostsSchema.shape.closingCosts),
  })
  .transform((values): DealCosts => values)
  .pipe(DealCostsSchema);

export type SaleFormValues = { disposition: string; price: string; disposedOn: string };

/** The sale form (assigned or double-closed, price, day), over the shared DealDispositionSchema. */
export const SaleFormSchema = z
  .object({
    disposition: DealDispositionSchema.shape.disposition,
    price: typedAmount('Price', dispositionMessages.priceRequired).pipe(DealDispositionSchema.shape.price),
    disposedOn: DealDispositionSchema.shape.disposedOn,
  })
  .transform((values): DealDispositionInput => values)
  .pipe(DealDispositionSchema);

export type BuyerChoiceFormValues = { primaryOfferId: string; backupOfferId: string };

/** The primary and backup buyers' selects ('' is no one), over the shared BuyerChoiceSchema. */
export const BuyerChoiceFormSchema = z
  .object({ primaryOfferId: z.string(), backupOfferId: z.string() })
  .transform(({ primaryOfferId, backupOfferId }) => ({
    primaryOfferId: primaryOfferId || null,
    backupOfferId: backupOfferId || null,
  }))
  .pipe(BuyerChoiceSchema);
