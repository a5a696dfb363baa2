/** A number as typed in a form, with its '$', '%', thousands separators and spaces ('$1,200' → 1200, '5.5%' → 5.5); NaN when empty or not a number. */
export function readTypedNumber(typed: string): number {
  const bare = typed.replace(/[$,%\s]/g, '');
  return bare === '' ? Number.NaN : Number(bare);
}
