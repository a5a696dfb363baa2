import { z } from 'zod';
import {
  calendarDate,
  dealAmount,
  ClosingTermsSchema,
  ContractTermsSchema,
  dealTermsMessages,
  type ClosingTermsInput,
  type ContractTermsInput,
} from '#domain/leads/deal-terms.ts';
import { parseTypedDollars } from './revised-offer-form-schema';

/** Dollars as typed: '' is `empty` (a required amount's message when it is a string), text not a number says so. */
const typedAmount = (label: string, required: string | null) =>
  z.string().transform((text, context): number | null => {
    const amount = parseTypedDollars(text);
    if (amount === undefined) {
      if (required === null) return null;
      context.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    if (Number.isNaN(amount)) {
      context.addIssue({ code: 'custom', message: `${label} must be a number` });
      return z.NEVER;
    }
    return amount;
  });

export type ContractTermsFormValues = {
  contractPrice: string;
  contractDate: string;
  closingDate: string;
  titleCompany: string;
  earnestMoney: string;
};

/** The Under Contract dialog over the shared ContractTermsSchema: the same rules and messages per field. */
export const ContractTermsFormSchema = z
  .object({
    // Each field checked as typed, so that every message shows at once; the whole again below.
    contractPrice: typedAmount('Contract price', dealTermsMessages.contractPriceRequired).pipe(
      ContractTermsSchema.shape.contractPrice,
    ),
    contractDate: ContractTermsSchema.shape.contractDate,
    closingDate: z.union([z.literal(''), calendarDate(dealTermsMessages.realDate)]),
    titleCompany: ContractTermsSchema.shape.titleCompany,
    earnestMoney: typedAmount('Earnest money', null).pipe(dealAmount('Earnest money').nullable()),
  })
  .transform(({ contractPrice, contractDate, closingDate, titleCompany, earnestMoney }): ContractTermsInput => ({
    contractPrice: contractPrice ?? 0,
    contractDate,
    closingDate: closingDate === '' ? null : closingDate,
    titleCompany,
    earnestMoney,
  }))
  .pipe(ContractTermsSchema);

export type ClosingTermsFormValues = { amountReceived: string; closedOn: string };

/** The Closed dialog over the shared ClosingTermsSchema. */
export const ClosingTermsFormSchema = z
  .object({
    amountReceived: typedAmount('Amount received', dealTermsMessages.amountReceivedRequired).pipe(
      ClosingTermsSchema.shape.amountReceived,
    ),
    closedOn: ClosingTermsSchema.shape.closedOn,
  })
  .transform(({ amountReceived, closedOn }): ClosingTermsInput => ({ amountReceived: amountReceived ?? 0, closedOn }))
  .pipe(ClosingTermsSchema);
