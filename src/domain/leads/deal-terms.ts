import { z } from 'zod';
import { boundedText } from '../validation/bounded-text';

/** Dollars any deal term may hold: $0 to $10,000,000,000 (the database keeps cents up to ±$1e12). */
export const MAX_DEAL_AMOUNT = 1e10;

export const dealTermsMessages = {
  contractRequired: 'Please enter the contract terms to move this lead to Under Contract',
  closingRequired: 'Please enter what was received to move this lead to Closed',
  contractOnlyUnderContract: 'Contract terms go with the Under Contract status',
  closingOnlyClosed: 'What was received goes with the Closed status',
  contractPriceRequired: 'Please enter the contract price',
  contractDateRequired: 'Please enter the contract date',
  amountReceivedRequired: 'Please enter the amount received',
  closedOnRequired: 'Please enter the date it closed',
  closingBeforeContract: 'The closing date cannot be before the contract date',
  realDate: 'Use a real date like 2026-05-31',
} as const;

/** An amount in dollars and cents, 0 to MAX_DEAL_AMOUNT; `label` names it in the messages ('Earnest money'). */
export function dealAmount(label: string) {
  return z
    .number({ error: `${label} must be a number` })
    .gte(0, `${label} cannot be negative`)
    .lte(MAX_DEAL_AMOUNT, `${label} must be at most $10,000,000,000`)
    .refine((amount) => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6, `${label} has at most cents`);
}

/** A calendar date, YYYY-MM-DD, that exists (2026-02-31 does not). */
export function calendarDate(required: string) {
  return z
    .string({ error: required })
    .min(1, required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, dealTermsMessages.realDate)
    .refine((value) => {
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
    }, dealTermsMessages.realDate);
}

/**
 * "Under Contract" (issue 42 §4): the price agreed with the seller and the contract date are
 * required; the closing date (not before the contract date), title company and earnest money may
 * follow later. Dollars; dates YYYY-MM-DD.
 */
export const ContractTermsSchema = z
  .object({
    contractPrice: dealAmount('Contract price').refine((price) => price > 0, 'Contract price must be more than $0'),
    contractDate: calendarDate(dealTermsMessages.contractDateRequired),
    closingDate: calendarDate(dealTermsMessages.realDate).nullable().default(null),
    titleCompany: boundedText('Title company', 200).default(''),
    earnestMoney: dealAmount('Earnest money').nullable().default(null),
  })
  .refine(({ contractDate, closingDate }) => closingDate === null || closingDate >= contractDate, {
    message: dealTermsMessages.closingBeforeContract,
    path: ['closingDate'],
  });
export type ContractTerms = z.infer<typeof ContractTermsSchema>;
export type ContractTermsInput = z.input<typeof ContractTermsSchema>;

/** "Closed": what the wholesaler received (their fee, in dollars) and the day it closed. */
export const ClosingTermsSchema = z.object({
  amountReceived: dealAmount('Amount received'),
  closedOn: calendarDate(dealTermsMessages.closedOnRequired),
});
export type ClosingTerms = z.infer<typeof ClosingTermsSchema>;
export type ClosingTermsInput = z.input<typeof ClosingTermsSchema>;
