import { z } from 'zod';
import { hasNoNulCharacter, textMessages } from '../validation/bounded-text';
import { hasNoInvisibleCharacters, invisibleCharactersMessage } from '../validation/invisible-characters';
import type { NearbySale, SavedArvComps } from './arv-request-schema';
import { arvCompsOf, storedMarketValueSource, type MarketValueSource } from './market-value-source';

/** Most sales an offer link names ("based on N nearby sales"); an ARV from more comps names none. */
export const MAX_NEARBY_SALES = 50;

/** The earliest sale date an offer names. */
const EARLIEST_SALE_DATE = '1900-01-01';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A real calendar date (YYYY-MM-DD) from 1900 up to tomorrow in UTC (a sale is never in the future; a day of slack for time zones). */
const saleDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2024-05-31')
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) return false;
    return value >= EARLIEST_SALE_DATE && time <= Date.now() + DAY_MS;
  }, 'A sale date must be a real date from 1900 to today');

/** One nearby sale as the homeowner sees it: address ('' when the comp had none), sale date and price. */
const NearbySaleSchema = z.strictObject({
  address: z
    .string()
    .max(1200, 'The address must be at most 300 characters')
    .trim()
    .max(300, 'The address must be at most 300 characters')
    .refine(hasNoNulCharacter, textMessages.nulCharacter)
    .refine(hasNoInvisibleCharacters, invisibleCharactersMessage),
  soldDate: saleDate,
  price: z.number().finite().positive().max(1_000_000_000),
});

/**
 * offer_links.nearby_sales as a request carries it (a calculation's share, whose market value is
 * the ARV from these comps): 1 to MAX_NEARBY_SALES sales, each bounded.
 */
export const NearbySalesSchema = z
  .array(NearbySaleSchema)
  .min(1, 'Name at least one nearby sale, or none at all')
  .max(MAX_NEARBY_SALES, `At most ${MAX_NEARBY_SALES} nearby sales`) satisfies z.ZodType<NearbySale[]>;

/**
 * The sales an offer rests on when its market value is the ARV from comps: the comps the estimate
 * used, newest first; undefined when the value was typed, or when the sales cannot be named
 * honestly (more than MAX_NEARBY_SALES, or a comp whose date or address the offer page would refuse).
 */
export function nearbySalesOf(source: MarketValueSource | undefined): NearbySale[] | undefined {
  const arvComps = arvCompsOf(source);
  if (!arvComps) return undefined;
  const sales = arvComps.estimate.used.map(({ index }) => {
    const comp = arvComps.comps[index];
    return comp && { address: comp.address?.trim() ?? '', soldDate: comp.soldDate, price: comp.price };
  });
  if (sales.some((sale) => !sale)) return undefined;
  const parsed = NearbySalesSchema.safeParse(sales);
  if (!parsed.success) return undefined;
  return parsed.data.sort((a, b) => (a.soldDate === b.soldDate ? 0 : a.soldDate < b.soldDate ? 1 : -1));
}

/** The sales a saved property's offer at `marketValue` rests on (nearbySalesOf its stored source). */
export function nearbySalesFromComps(
  arvComps: SavedArvComps | null | undefined,
  marketValue: number,
): NearbySale[] | undefined {
  return nearbySalesOf(storedMarketValueSource(arvComps, marketValue));
}
