import { z } from 'zod';
import {
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
    contractPrice: typedAmount('Contract price', dealTermsMessages.contractPriceRequired),
    contractDate: z.string(),
    closingDate: z.string(),
    titleCompany: z.string(),
    earnestMoney: typedAmount('Earnest money', null),
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
    amountReceived: typedAmount('Amount received', dealTermsMessages.amountReceivedRequired),
    closedOn: z.string(),
  })
  .transform(({ amountReceived, closedOn }): ClosingTermsInput => ({ amountReceived: amountReceived ?? 0, closedOn }))
  .pipe(ClosingTermsSchema);
