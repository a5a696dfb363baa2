import { z } from 'zod';
import { ArvFromCompsSchema, type ArvFromComps, type SavedArvComps } from './arv-request-schema';

/**
 * Where a calculation's market value came from: typed by the user, or the ARV estimated from
 * comparable sales, carried with those comps so that a save keeps them and a share names them.
 */
export const MarketValueSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('typed') }),
  z.strictObject({ kind: z.literal('comps'), arvComps: ArvFromCompsSchema }),
]);
export type MarketValueSource = z.infer<typeof MarketValueSourceSchema>;

/** The market value as the user typed it. */
export const typedMarketValue: MarketValueSource = Object.freeze({ kind: 'typed' });

/** The comps behind the market value, when it is the ARV from comps; undefined when it was typed. */
export function arvCompsOf(source: MarketValueSource | undefined): ArvFromComps | undefined {
  return source?.kind === 'comps' ? source.arvComps : undefined;
}

/**
 * A saved property's market value source from what it keeps: from comps when the kept estimate's
 * ARV is its market value (a save from comps always keeps it so), typed otherwise (comps kept
 * beside a typed value, by the separate request of issue 28, or none).
 */
export function storedMarketValueSource(
  arvComps: SavedArvComps | null | undefined,
  marketValue: number,
): MarketValueSource {
  const estimate = arvComps?.estimate;
  return estimate && estimate.arv === marketValue
    ? { kind: 'comps', arvComps: { ...arvComps, estimate } }
    : typedMarketValue;
}
