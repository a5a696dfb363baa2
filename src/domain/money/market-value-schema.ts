import { z } from 'zod';
import { MAX_MARKET_VALUE, marketValueMessages } from './parse-market-value';

/** Market value in dollars for numeric API input: finite (zod 4 numbers reject ±Infinity and NaN), > 0, <= 1e10; not rounded. */
export const MarketValueSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? marketValueMessages.required : marketValueMessages.notANumber,
  })
  .positive(marketValueMessages.notPositive)
  .max(MAX_MARKET_VALUE, marketValueMessages.tooLarge);
