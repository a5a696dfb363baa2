import type { ArvFromComps, SavedArvComps } from './arv-request-schema';

/**
 * Where a calculation's market value came from: typed by the user, or the ARV estimated from
 * comparable sales, carried with those comps so that a save keeps them and a share names them.
 * Its schema is MarketValueSourceSchema (arv-request-schema.ts): this file stays free of zod, so the
 * calculator's first page does not load it.
 */
export type MarketValueSource = { kind: 'typed' } | { kind: 'comps'; arvComps: ArvFromComps };

/**
 * Whether a value kept by this tab (the calculation draft) still reads as a source: its shape, not
 * every figure; a save checks the comps whole (MarketValueSourceSchema on the server).
 */
export function readsAsMarketValueSource(value: unknown): value is MarketValueSource {
  if (typeof value !== 'object' || value === null) return false;
  const source = value as { kind?: unknown; arvComps?: { comps?: unknown; estimate?: { arv?: unknown } } };
  if (source.kind === 'typed') return true;
  return (
    source.kind === 'comps' &&
    Array.isArray(source.arvComps?.comps) &&
    typeof source.arvComps.estimate?.arv === 'number'
  );
}

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
