/// <reference lib="webworker" />
// The CSV import's Web Worker: streams the File through Papa Parse and the §5 row rules off
// the main thread, posting each chunk's properties and failures as one message (so the page
// receives a few dozen messages, not one per row) with the bytes read so far.
import Papa from 'papaparse';
import { createCsvImportCollector } from '../../../domain/bulk-import/csv-import-collector';
import type { CsvImportMessage, CsvImportRequest } from './csv-import-protocol';
import { fileTextStream } from './file-text-stream';

declare const self: DedicatedWorkerGlobalScope;
const post = (message: CsvImportMessage) => self.postMessage(message);

self.onmessage = (event: MessageEvent<CsvImportRequest>) => {
  const { file, template } = event.data;
  const collector = createCsvImportCollector(template);
  let bytesRead = 0;
  let failed = false;
  const fail = (kind: 'read' | 'process', error: unknown) => {
    if (failed) return;
    failed = true;
    post({ type: 'error', kind, detail: error instanceof Error ? error.message : String(error) });
  };

  const stream = fileTextStream(file, (bytes) => {
    bytesRead = bytes;
  });
  Papa.parse(stream as unknown as NodeJS.ReadableStream, {
    header: false,
    delimiter: ',',
    skipEmptyLines: 'greedy',
    chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser) {
      try {
        const batch = collector.add(results.data);
        post({ type: 'batch', ...batch, bytesRead, totalBytes: file.size });
      } catch (error) {
        parser.abort();
        fail('process', error);
      }
    },
    complete() {
      if (!failed) post({ type: 'done', outcome: collector.outcome(), bytesRead: file.size, totalBytes: file.size });
    },
    error(error: Error) {
      fail('read', error);
    },
  });
};
