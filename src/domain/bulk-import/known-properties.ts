import { z } from 'zod';
import { formatMoney } from '../money/format-money';
import { streetKey } from '../prospects/prospect-key';
import { boundedText } from '../validation/bounded-text';

/** Rows one review asks about: the first of a longer list (one query answers them all). */
export const MAX_KNOWN_PROPERTY_ROWS = 5_000;

export const knownPropertiesMessages = {
  tooMany: `Ask about at most ${MAX_KNOWN_PROPERTY_ROWS} rows at once`,
} as const;

/** POST /api/import-review/known-properties: each row's full address and the offer the review computed. */
export const KnownPropertiesRequestSchema = z.object({
  rows: z
    .array(
      z.object({
        address: boundedText('Address', 300),
        low: z.number().int().nonnegative(),
        high: z.number().int().nonnegative(),
      }),
    )
    .max(MAX_KNOWN_PROPERTY_ROWS, knownPropertiesMessages.tooMany),
});
export type KnownPropertiesRequest = z.infer<typeof KnownPropertiesRequestSchema>;

export type KnownPropertyKind = 'lead' | 'saved';

/** What the review says of a row already in the workspace with other figures: 'Already a lead: offer $120,000–$135,000'. */
export function knownPropertyNote(kind: KnownPropertyKind, offer: { low: number; high: number }): string {
  const range = `${formatMoney(offer.low)}–${formatMoney(offer.high)}`;
  return kind === 'lead' ? `Already a lead: offer ${range}` : `Already saved: offer ${range}`;
}

/** The house number an address starts with ('12B Oak St' → '12B'); null when it starts with none. */
export function houseNumber(address: string): string | null {
  const first = address.trim().split(/\s+/)[0] ?? '';
  return /^\d/.test(first) ? first : null;
}

/** The 5-digit ZIP at an address's end, when it gives one. */
function zipOf(address: string): string | null {
  return /\b(\d{5})(?:-\d{4})?\s*$/.exec(address.trim())?.[1] ?? null;
}

/**
 * Whether two addresses name the same property: the same street (prospectKey's comparison), and
 * the same ZIP when both give one.
 */
export function sameProperty(a: string, b: string): boolean {
  if (streetKey(a) === '' || streetKey(a) !== streetKey(b)) return false;
  const [zipA, zipB] = [zipOf(a), zipOf(b)];
  return zipA === null || zipB === null || zipA === zipB;
}

/**
 * The rows of a review already in the workspace with other figures (issue 41): for each, the lead
 * (first) or saved property of the same address whose offer differs from the row's, and its note.
 * A property with the same offer, or whose lead has no offer, is not flagged.
 */
export function flagKnownProperties(
  rows: KnownPropertiesRequest['rows'],
  known: { kind: KnownPropertyKind; address: string; low: number | null; high: number | null }[],
) {
  const ordered = [...known].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'lead' ? -1 : 1));
  return rows.flatMap((row, index) => {
    const match = ordered.find(
      (candidate) =>
        candidate.low !== null &&
        candidate.high !== null &&
        (candidate.low !== row.low || candidate.high !== row.high) &&
        sameProperty(row.address, candidate.address),
    );
    if (!match) return [];
    const offer = { low: match.low!, high: match.high! };
    return [{ index, kind: match.kind, offer, note: knownPropertyNote(match.kind, offer) }];
  });
}
