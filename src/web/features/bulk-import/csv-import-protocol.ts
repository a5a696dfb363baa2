import type { BulkImportProperty } from '#domain/bulk-import/bulk-import-property.ts';
import type { CsvImportOutcome, CsvRowFailure } from '#domain/bulk-import/csv-import-collector.ts';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';

/** How many skipped rows the review lists; the rest are only counted (and never cross to the page). */
export const FAILURES_LISTED = 1000;

/** Main thread → import worker. The worker keeps the imported rows; the page asks for what it shows or sends. */
export type CsvImportRequest =
  | { type: 'import'; file: File; template: FormulaTemplate }
  /** Rows start..end-1, for the review table. */
  | { type: 'rows'; requestId: number; start: number; end: number }
  /** The CRM contacts CSV of these rows, in the CRM's columns (§3; built here, off the main thread). */
  | { type: 'export'; requestId: number; indexes: Uint32Array; date: string }
  /** The POST /api/bulk-send body for these rows (JSON). */
  | { type: 'sendBody'; requestId: number; indexes: Uint32Array; followUp: boolean };

/** Import worker → main thread. */
export type CsvImportMessage =
  /** After each ~1 MB of text: the running counts. */
  | { type: 'progress'; bytesRead: number; totalBytes: number; valid: number; failed: number }
  /** The first FAILURES_LISTED skipped rows and how many there were; the first rows of the review. */
  | {
      type: 'done';
      outcome: CsvImportOutcome;
      valid: number;
      failed: number;
      firstFailures: CsvRowFailure[];
      firstRows: BulkImportProperty[];
    }
  | { type: 'error'; kind: 'read' | 'process'; detail: string }
  | { type: 'rows'; requestId: number; start: number; properties: BulkImportProperty[] }
  /** Blobs, so a 30 MB CSV is never turned into bytes on the main thread. */
  | { type: 'export'; requestId: number; fileName: string; file: Blob; count: number }
  | { type: 'sendBody'; requestId: number; body: Blob; count: number };
