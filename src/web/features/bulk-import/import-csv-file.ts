import type { BulkImportProperty } from '../../../domain/bulk-import/bulk-import-property';
import type { CsvImportOutcome, CsvRowFailure } from '../../../domain/bulk-import/csv-import-collector';
import type { FormulaTemplate } from '../../../domain/offer/formula-template';
import type { CsvImportMessage, CsvImportRequest } from './csv-import-protocol';

export interface CsvImportResult {
  outcome: CsvImportOutcome;
  properties: BulkImportProperty[];
  failures: CsvRowFailure[];
  /** The template the offers were computed with. */
  template: FormulaTemplate;
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

/**
 * Parses and validates a CSV file in a Web Worker (parse-csv.worker.ts), reporting progress
 * as a fraction of the bytes read; rejects with CsvImportError, or an AbortError when `signal` aborts.
 */
export function importCsvFile(
  file: File,
  template: FormulaTemplate,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<CsvImportResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parse-csv.worker.ts', import.meta.url), { type: 'module', name: 'csv-import' });
    const properties: BulkImportProperty[] = [];
    const failures: CsvRowFailure[] = [];
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      finish();
      reject(new DOMException('The import was cancelled', 'AbortError'));
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort);

    worker.onmessage = ({ data }: MessageEvent<CsvImportMessage>) => {
      switch (data.type) {
        case 'batch':
          // push in a loop: spreading a batch of thousands into push() risks the argument limit.
          for (const property of data.properties) properties.push(property);
          for (const failure of data.failures) failures.push(failure);
          onProgress?.(data.totalBytes > 0 ? data.bytesRead / data.totalBytes : 1);
          break;
        case 'done':
          onProgress?.(1);
          finish();
          resolve({ outcome: data.outcome, properties, failures, template });
          break;
        case 'error':
          finish();
          reject(new CsvImportError(data.kind, data.detail));
          break;
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new CsvImportError('read', event.message || 'The import worker failed'));
    };
    const request: CsvImportRequest = { file, template };
    worker.postMessage(request);
  });
}
