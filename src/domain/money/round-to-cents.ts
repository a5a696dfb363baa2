/** Rounds a dollar amount to whole cents (half-cents round toward +∞), cancelling binary floating-point error such as 0.1 + 0.2. */
export function roundToCents(dollars: number): number {
  return Math.round(dollars * 100) / 100;
}
