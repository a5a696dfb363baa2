import { roundToCents } from './round-to-cents';

/** Largest market value accepted, in dollars; anything above is a typo, not a house. */
export const MAX_MARKET_VALUE = 1e10;

export const marketValueMessages = {
  // Word for word as the spec words them (§5); the forms and tests show these exact texts.
  required: 'Please enter the market value',
  notANumber: 'Market value must be a number',
  notPositive: 'Market value must be a positive number',
  tooLarge: 'Market value must be at most $10,000,000,000',
} as const;

export type ParseMarketValueResult = { ok: true; value: number } | { ok: false; message: string };

// Digits with an optional decimal part: '250000', '250000.50', '.5', '5.'.
const PLAIN_NUMBER = /^(\d+\.?\d*|\.\d+)$/;

/** Parses typed market-value text ('$1,250,000', ' 250000.50 ') into dollars rounded to cents; rejects empty, non-numeric, <= 0 and > 1e10. */
export function parseMarketValue(input: string): ParseMarketValueResult {
  // Spaces anywhere ('$ 1,250,000') are formatting, like the dollar sign and thousands commas.
  let text = input.replace(/\s+/g, '');
  if (text === '') return { ok: false, message: marketValueMessages.required };

  let negative = false;
  if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  if (text.startsWith('$')) text = text.slice(1);
  if (!negative && text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  text = text.replace(/,/g, '');

  // The regex rejects 'NaN', 'Infinity', '1e5', '0x10' and stray symbols that Number() would accept.
  if (!PLAIN_NUMBER.test(text)) return { ok: false, message: marketValueMessages.notANumber };

  const value = roundToCents(Number(text));
  if (negative || value <= 0) return { ok: false, message: marketValueMessages.notPositive };
  if (value > MAX_MARKET_VALUE) return { ok: false, message: marketValueMessages.tooLarge };
  return { ok: true, value };
}
