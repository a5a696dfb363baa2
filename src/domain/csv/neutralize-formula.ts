// Characters that make a spreadsheet evaluate a cell as a formula (CSV injection).
const FORMULA_TRIGGER = /^[=+\-@\t\r]/;

/** Prefixes a cell that a spreadsheet would run as a formula with an apostrophe, so it stays text. */
export function neutralizeFormula(cell: string): string {
  return FORMULA_TRIGGER.test(cell) ? `'${cell}` : cell;
}
