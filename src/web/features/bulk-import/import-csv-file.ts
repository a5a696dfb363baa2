import type { CsvImportOutcome, CsvRowFailure } from '#domain/bulk-import/csv-import-collector.ts';
import type { ImportColumnMapping } from '#domain/bulk-import/import-column-mappings.ts';
import type { ColumnMapping } from '#domain/bulk-import/list-columns.ts';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import type { CsvImportMessage, CsvImportRequest, ListFacts, MappingRequest } from './csv-import-protocol';
import { ImportedProperties } from './imported-properties';

export interface CsvImportResult {
  outcome: CsvImportOutcome;
  /** Kept by the import worker; dispose() them when done. */
  properties: ImportedProperties;
  /** The first FAILURES_LISTED skipped rows, with why. */
  failures: CsvRowFailure[];
  /** How many rows were skipped in all. */
  failedCount: number;
  /** The template the offers were computed with. */
  template: FormulaTemplate;
  /** What the list holds (e-mail rows, channels, repairs). */
  facts: ListFacts;
  /** When outcome is 'needsMapping': the columns and samples for the mapping step. */
  mapping?: MappingRequest;
}

/** The file could not be read ('Error reading CSV file') or its rows not processed ('Error processing file data'). */
export class CsvImportError extends Error {
  override name = 'CsvImportError';
  constructor(
    readonly kind: 'read' | 'process',
    detail: string,
  ) {
    super(detail);
  }
}

/** Starts an import worker; start one ahead, so its script is loaded by the time a file is chosen. */
export function startCsvImportWorker(): Worker {
  return new Worker(new URL('./parse-csv.worker.ts', import.meta.url), { type: 'module', name: 'csv-import' });
}

/**
 * Parses and validates a CSV file in a Web Worker (parse-csv.worker.ts), reporting progress as
 * the fraction of bytes read; resolves when every row is checked, with the skipped rows and the
 * properties (held by the worker, read page by page). Rejects with CsvImportError, or an
 * AbortError when `signal` aborts.
 */
export function importCsvFile(
  file: File,
  template: FormulaTemplate,
  {
    onProgress,
    signal,
    worker = startCsvImportWorker(),
    remembered = [],
    mapping = {},
  }: {
    /** The workspace's remembered columns (GET /api/import-mappings). */
    remembered?: ImportColumnMapping[];
    /** Columns just picked in the mapping step. */
    mapping?: ColumnMapping;
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
    /** A worker from startCsvImportWorker() started ahead (when the dialog opens), its script loaded; it is used up. */
    worker?: Worker;
  } = {},
): Promise<CsvImportResult> {
  return new Promise((resolve, reject) => {
    let properties: ImportedProperties | undefined;
    const stop = () => {
      worker.terminate();
      signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      stop();
      reject(new DOMException('The import was cancelled', 'AbortError'));
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort);

    worker.onmessage = ({ data }: MessageEvent<CsvImportMessage>) => {
      switch (data.type) {
        case 'progress':
          onProgress?.(data.totalBytes > 0 ? data.bytesRead / data.totalBytes : 1);
          break;
        case 'done':
          onProgress?.(1);
          signal?.removeEventListener('abort', abort);
          if (data.outcome !== 'ok') worker.terminate();
          properties = new ImportedProperties(worker, data.valid, data.firstRows);
          resolve({
            outcome: data.outcome,
            properties,
            failures: data.firstFailures,
            failedCount: data.failed,
            template,
            facts: data.facts,
            ...(data.mapping && { mapping: data.mapping }),
          });
          break;
        case 'error':
          stop();
          reject(new CsvImportError(data.kind, data.detail));
          break;
        default:
          properties?.receive(data);
      }
    };
    worker.onerror = (event) => {
      stop();
      reject(new CsvImportError('read', event.message || 'The import worker failed'));
    };
    const request: CsvImportRequest = { type: 'import', file, template, remembered, mapping };
    worker.postMessage(request);
  });
}
