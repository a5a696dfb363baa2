/**
 * A header as the recognisers compare it: lower-cased, without spaces, dashes, dots, slashes,
 * underscores, brackets or '#' ('Owner 1 First Name' → 'owner1firstname', 'Est. Value' → 'estvalue').
 */
export function normaliseHeader(header: string): string {
  return header.toLowerCase().replace(/[\s_\-./()#:]+/g, '');
}

/**
 * The columns each field is read from: for every field, the indexes of the headers whose
 * normalised form is one of its aliases, by alias order (the first alias is the likeliest) then
 * file order. Fields without a matching header get an empty list.
 */
export function recogniseHeaders<Field extends string>(
  aliases: Readonly<Record<Field, readonly string[]>>,
  headers: readonly string[],
): Record<Field, number[]> {
  const normalised = headers.map(normaliseHeader);
  const columns = {} as Record<Field, number[]>;
  for (const field of Object.keys(aliases) as Field[]) {
    columns[field] = aliases[field].flatMap((alias) =>
      normalised.flatMap((header, index) => (header === alias ? [index] : [])),
    );
  }
  return columns;
}
