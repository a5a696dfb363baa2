import { z } from 'zod';
import { MAX_MARKET_VALUE, marketValueMessages, parseMarketValue } from '../money/parse-market-value';

export const desiredPriceMessages = {
  required: 'Please enter your desired price',
  notANumber: 'Desired price must be a number',
  notPositive: 'Desired price must be a positive number',
  tooLarge: 'Desired price must be at most $10,000,000,000',
} as const;

export type ParseDesiredPriceResult = { ok: true; value: number } | { ok: false; message: string };

const messageFor: Record<string, string> = {
  [marketValueMessages.required]: desiredPriceMessages.required,
  [marketValueMessages.notANumber]: desiredPriceMessages.notANumber,
  [marketValueMessages.notPositive]: desiredPriceMessages.notPositive,
  [marketValueMessages.tooLarge]: desiredPriceMessages.tooLarge,
};

/** Parses the typed 'Your Desired Price' ('150000', '$150,000.50') into dollars rounded to cents, with the same rules as a market value. */
export function parseDesiredPrice(input: string): ParseDesiredPriceResult {
  const result = parseMarketValue(input);
  if (result.ok) return result;
  return { ok: false, message: messageFor[result.message] ?? desiredPriceMessages.notANumber };
}

/** A desired price in dollars for API input: finite, > 0, <= 1e10. */
export const DesiredPriceSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? desiredPriceMessages.required
        : desiredPriceMessages.notANumber,
  })
  .positive(desiredPriceMessages.notPositive)
  .max(MAX_MARKET_VALUE, desiredPriceMessages.tooLarge);
