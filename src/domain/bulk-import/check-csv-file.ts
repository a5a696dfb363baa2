import { bulkImportMessages, MAX_CSV_FILE_BYTES } from './bulk-import-messages';

/** The parts of a browser File that decide whether it may be imported. */
export interface CsvFileFacts {
  name: string;
  /** MIME type as the browser reports it; often empty or 'application/vnd.ms-excel' for .csv. */
  type: string;
  /** Bytes. */
  size: number;
}

const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/comma-separated-values']);

/** §5: a CSV by type or by '.csv' extension, under 50 MB; returns the §8 message, or null when the file may be read. */
export function checkCsvFile(file: CsvFileFacts): string | null {
  const isCsv = CSV_TYPES.has(file.type.toLowerCase()) || file.name.toLowerCase().trim().endsWith('.csv');
  if (!isCsv) return bulkImportMessages.notCsv;
  if (file.size >= MAX_CSV_FILE_BYTES) return bulkImportMessages.tooLarge;
  return null;
}
