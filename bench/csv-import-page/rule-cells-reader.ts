// For the benchmarks' 'cells-only' diagnostic: reads (trimCell) only the cells the CSV row rules
// read (the e-mail, address, market value and name columns, by the header) and checks nothing.
import { cleanHeader, trimCell } from '#domain/bulk-import/normalize-csv-row.ts';

// The columns the rules read by name (normalize-csv-row.ts), and every '*address*' column not named for e-mail.
const NAMED = new Set(['Email', 'Email 2', 'email', 'marketvalue', 'MarketValue', 'Market Value', 'MARKET_VALUE']);
for (const name of ['First Name', 'firstName', 'Last Name', 'lastName']) NAMED.add(name);

/** A function from each parsed record to whether it was a data row (not the header, not blank). */
export function createRuleCellsReader(): (cells: readonly string[]) => boolean {
  let columns: number[] | null = null;
  let characters = 0;
  return (cells) => {
    if (cells.every((cell) => trimCell(cell) === '')) return false;
    if (!columns) {
      columns = cells.map(cleanHeader).flatMap((header, index) => {
        const lower = header.toLowerCase();
        return NAMED.has(header) || (lower.includes('address') && !lower.includes('email')) ? [index] : [];
      });
      return false;
    }
    // Summed, so that no read can be left out as unused.
    for (const index of columns) characters += trimCell(cells[index] ?? '').length;
    return characters >= 0;
  };
}
