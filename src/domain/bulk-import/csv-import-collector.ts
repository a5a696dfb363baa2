import type { FormulaTemplate } from '../offer/formula-template';
import type { BulkImportProperty } from './bulk-import-property';
import { cleanHeader, createCsvRowChecker, trimCell } from './normalize-csv-row';

/** A skipped row: its number (the header is row 1; blank lines are not counted) and why. */
export interface CsvRowFailure {
  row: number;
  reason: string;
}

export interface CsvImportBatch {
  properties: BulkImportProperty[];
  failures: CsvRowFailure[];
}

/** How a whole file ended: 'noData' (§8 'No data found in the file'), 'noHeader' (first row names none of the columns the row rules read: e-mail, address, market value, names; §5), 'noValid', or 'ok'. */
export type CsvImportOutcome = 'ok' | 'noData' | 'noHeader' | 'noValid';

const RECOGNISED = /^(e-?mail( 2)?|marketvalue|market value|market_value|first ?name|last ?name)$|address/i;

/**
 * Turns parsed CSV records (arrays of cells, in file order) into bulk-import properties and
 * failures: the first non-blank record is the header (a header row is required, §5), blank
 * records (every cell empty) are skipped, every other record goes through the CSV row rules
 * (createCsvRowNormalizer, §5). Records come one at a time (addRecord, as the import worker gets
 * them from Papa Parse's `step`) or in batches (add).
 */
export function createCsvImportCollector(
  template: Pick<FormulaTemplate, 'arvMultiplier' | 'repairMultiplier' | 'minProfit' | 'maxProfit'>,
) {
  let headers: string[] | null = null;
  let check: ((cells: readonly (string | undefined)[]) => BulkImportProperty | string) | null = null;
  let headerRecognised = false;
  let rowNumber = 1;
  let dataRows = 0;
  let validRows = 0;

  const isBlank = (cells: readonly string[]) => cells.every((cell) => trimCell(cell) === '');

  /** The record's property, or its failure; null for the header and blank records. */
  const addRecord = (cells: readonly string[]): BulkImportProperty | CsvRowFailure | null => {
    if (isBlank(cells)) return null;
    if (!headers) {
      headers = cells.map(cleanHeader);
      headerRecognised = headers.some((header) => RECOGNISED.test(header));
      check = createCsvRowChecker(headers, template);
      return null;
    }
    rowNumber++;
    dataRows++;
    const result = check!(cells);
    if (typeof result === 'string') return { row: rowNumber, reason: result };
    validRows++;
    return result;
  };

  return {
    /** The header row as read (cleaned), once seen. */
    get headers(): readonly string[] | null {
      return headers;
    },
    addRecord,
    add(records: readonly (readonly string[])[]): CsvImportBatch {
      const properties: BulkImportProperty[] = [];
      const failures: CsvRowFailure[] = [];
      for (const cells of records) {
        const result = addRecord(cells);
        if (result === null) continue;
        if (isFailure(result)) failures.push(result);
        else properties.push(result);
      }
      return { properties, failures };
    },
    /** The file's outcome once every record was added. */
    outcome(): CsvImportOutcome {
      if (dataRows === 0) return 'noData';
      if (!headerRecognised) return 'noHeader';
      return validRows === 0 ? 'noValid' : 'ok';
    },
  };
}

export function isFailure(result: BulkImportProperty | CsvRowFailure): result is CsvRowFailure {
  return 'reason' in result;
}
