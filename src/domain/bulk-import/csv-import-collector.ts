import type { FormulaTemplate } from '../offer/formula-template';
import type { BulkImportProperty } from './bulk-import-property';
import { mappingForHeaders } from './import-column-mappings';
import {
  unrecognisedMailingFields,
  unrecognisedNeededFields,
  type MAILING_LIST_FIELDS,
  type NEEDED_LIST_FIELDS,
} from './list-columns';
import { cleanHeader, createCsvRowChecker, type CsvRowOptions, trimCell } from './normalize-csv-row';

/** A skipped row: its number (the header is row 1; blank lines are not counted) and why. */
export interface CsvRowFailure {
  row: number;
  reason: string;
}

export interface CsvImportBatch {
  properties: BulkImportProperty[];
  failures: CsvRowFailure[];
}

/** How a whole file ended: 'noData' (§8 'No data found in the file'), 'noHeader' (first row names none of the columns the row rules read: e-mail, address, market value, names; §5), 'needsMapping' (a list whose address or market value column is not recognised: the review asks which it is), 'noValid', or 'ok'. */
export type CsvImportOutcome = 'ok' | 'noData' | 'noHeader' | 'needsMapping' | 'noValid';

/** The first data rows kept for the mapping step's sample values. */
export const MAPPING_SAMPLE_ROWS = 3;

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
  options: CsvRowOptions = {},
) {
  let headers: string[] | null = null;
  // A list whose needed columns are not recognised: its rows are not read, its first ones kept as samples.
  let unmapped: (typeof NEEDED_LIST_FIELDS)[number][] = [];
  let unmappedMailing: (typeof MAILING_LIST_FIELDS)[number][] = [];
  const samples: string[][] = [];
  let emailRows = 0;
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
      if (options.list) {
        const mapping = { ...mappingForHeaders(options.list.remembered ?? [], headers), ...options.list.mapping };
        unmapped = unrecognisedNeededFields(headers, mapping);
        unmappedMailing = unrecognisedMailingFields(headers, mapping);
        headerRecognised ||= unmapped.length === 0;
      }
      check = createCsvRowChecker(headers, template, options);
      return null;
    }
    rowNumber++;
    dataRows++;
    if (unmapped.length > 0) {
      if (samples.length < MAPPING_SAMPLE_ROWS) samples.push([...cells]);
      return null;
    }
    const result = check!(cells);
    if (typeof result === 'string') return { row: rowNumber, reason: result };
    validRows++;
    if (result.email !== undefined) emailRows++;
    return result;
  };

  return {
    /** The header row as read (cleaned), once seen. */
    get headers(): readonly string[] | null {
      return headers;
    },
    addRecord,
    /** The needed fields no column was recognised for (a list's only); its rows wait for a mapping. */
    get unmappedFields(): readonly (typeof NEEDED_LIST_FIELDS)[number][] {
      return unmapped;
    },
    /** The mailing-address fields no column was recognised for: the mapping step offers them too. */
    get unmappedMailingFields(): readonly (typeof MAILING_LIST_FIELDS)[number][] {
      return unmappedMailing;
    },
    /** The first data rows of a file that needs mapping, for the mapping step's samples. */
    get samples(): readonly (readonly string[])[] {
      return samples;
    },
    /** Rows read with an e-mail address: those an e-mail send takes. */
    get emailRows(): number {
      return emailRows;
    },
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
      if (unmapped.length > 0) return 'needsMapping';
      if (!headerRecognised) return 'noHeader';
      return validRows === 0 ? 'noValid' : 'ok';
    },
  };
}

export function isFailure(result: BulkImportProperty | CsvRowFailure): result is CsvRowFailure {
  return 'reason' in result;
}
