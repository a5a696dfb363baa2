import type { BulkImportProperty } from '../../../domain/bulk-import/bulk-import-property';
import type { CsvImportOutcome, CsvRowFailure } from '../../../domain/bulk-import/csv-import-collector';
import type { FormulaTemplate } from '../../../domain/offer/formula-template';

/** Main thread → import worker. */
export interface CsvImportRequest {
  file: File;
  template: FormulaTemplate;
}

/** Import worker → main thread: batches as they are parsed (one per ~1 MB of text), then the end. */
export type CsvImportMessage =
  | { type: 'batch'; properties: BulkImportProperty[]; failures: CsvRowFailure[]; bytesRead: number; totalBytes: number }
  | { type: 'done'; outcome: CsvImportOutcome; bytesRead: number; totalBytes: number }
  | { type: 'error'; kind: 'read' | 'process'; detail: string };
