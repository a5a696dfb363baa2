/// <reference lib="webworker" />
// The import worker's helper: reads the second part of a large CSV file cut in two
// (split-csv-file.ts) with the same Papa Parse options and CSV row rules (§5) as the import worker
// reads the first, on another core, and hands its rows back packed. Its row numbers count from
// its own start; the import worker renumbers them once it knows how many rows came before.
import { createCsvImportCollector, isFailure } from '../../../domain/bulk-import/csv-import-collector';
import type { CsvRowFailure } from '../../../domain/bulk-import/csv-import-collector';
import { FAILURES_LISTED, type CsvImportPartMessage, type CsvImportPartRequest } from './csv-import-protocol';
import { fileTextStream } from './file-text-stream';
import { PackedProperties, transferablesOf } from './packed-properties';
import { readCsvRecords } from './read-csv-records';

declare const self: DedicatedWorkerGlobalScope;
const post = (message: CsvImportPartMessage, transfer: Transferable[] = []) => self.postMessage(message, transfer);

self.onmessage = ({ data: { part, header, linebreak, template } }: MessageEvent<CsvImportPartRequest>) => {
  const collector = createCsvImportCollector(template);
  // The file's header, as if this part followed it.
  collector.addRecord(header);
  const properties = new PackedProperties();
  const firstFailures: CsvRowFailure[] = [];
  let failedCount = 0;
  // A byte-order mark at the cut would be text in the whole file: kept.
  const stream = fileTextStream(part, (bytesRead) => post({ type: 'progress', bytesRead }), {
    keepByteOrderMark: true,
  });
  readCsvRecords(stream, {
    // The line break Papa guessed from the file's start (this part's own start may differ).
    newline: linebreak,
    onRecord(cells, stop) {
      try {
        const result = collector.addRecord(cells);
        if (result === null) return;
        if (isFailure(result)) {
          if (firstFailures.length < FAILURES_LISTED) firstFailures.push(result);
          failedCount++;
        } else properties.push(result);
      } catch (error) {
        stop();
        post({ type: 'error', kind: 'process', detail: error instanceof Error ? error.message : String(error) });
      }
    },
    onDone() {
      const batches = properties.takeBatches();
      post({ type: 'done', counts: collector.counts(), failedCount, firstFailures, batches }, transferablesOf(batches));
    },
    onError(error) {
      post({ type: 'error', kind: 'read', detail: error.message });
    },
  });
};
