/// <reference lib="webworker" />
// The CSV import's Web Worker: streams the File through Papa Parse and the CSV row rules
// (§5: the columns read, the rows skipped and why; src/domain/bulk-import) off the main thread and keeps the valid rows here, packed (PackedProperties). The page gets progress and failures as it goes,
// then the counts and the first rows; afterwards it asks for the rows it shows, and for the CRM
// CSV or the send request of a selection, so 300,000 rows never cross to the main thread at once.
import { buildGhlContactsCsv } from '../../../domain/bulk-import/build-ghl-contacts-csv';
import { createCsvImportCollector, isFailure } from '../../../domain/bulk-import/csv-import-collector';
import type { FormulaTemplate } from '../../../domain/offer/formula-template';
import type { CsvRowFailure } from '../../../domain/bulk-import/csv-import-collector';
import { cleanHeader } from '../../../domain/bulk-import/normalize-csv-row';
import {
  FAILURES_LISTED,
  type CsvImportMessage,
  type CsvImportPartMessage,
  type CsvImportPartRequest,
  type CsvImportRequest,
} from './csv-import-protocol';
import { fileTextStream } from './file-text-stream';
import { PackedProperties } from './packed-properties';
import { readCsvRecords } from './read-csv-records';
import { splitCsvFile, type CsvFileSplit } from './split-csv-file';

declare const self: DedicatedWorkerGlobalScope;
const post = (message: CsvImportMessage) => self.postMessage(message);

/** Rows sent with 'done', so the review shows at once. */
const FIRST_ROWS = 200;

let properties = new PackedProperties();
let template: FormulaTemplate | undefined;

// The helper that reads the second half of a large file on another core, started with this worker
// so that its script is loaded by the time a file is chosen. None where a worker cannot start
// one (a browser without nested workers): this worker then reads the whole file.
let helper: Worker | undefined =
  typeof Worker === 'function'
    ? new Worker(new URL('./parse-csv-part.worker.ts', import.meta.url), { type: 'module', name: 'csv-import-part' })
    : undefined;

async function startImport(file: File, chosenTemplate: FormulaTemplate) {
  properties = new PackedProperties();
  template = chosenTemplate;
  const split = helper ? await splitCsvFile(file).catch(() => null) : null;
  if (split) readInTwo(file, chosenTemplate, split, helper!);
  else {
    helper?.terminate();
    read(file, chosenTemplate);
  }
  helper = undefined;
}

/**
 * The state of one reading: the collector of the row rules, the failures listed and counted,
 * and how the reading ends.
 */
function reading(chosenTemplate: FormulaTemplate) {
  const state = {
    collector: createCsvImportCollector(chosenTemplate),
    // Only the failures the review lists are kept; the rest are counted.
    firstFailures: [] as CsvRowFailure[],
    failedCount: 0,
    failed: false,
    fail(kind: 'read' | 'process', error: unknown) {
      if (state.failed) return;
      state.failed = true;
      post({ type: 'error', kind, detail: error instanceof Error ? error.message : String(error) });
    },
    check(cells: string[], stop: () => void) {
      try {
        const result = state.collector.addRecord(cells);
        if (result === null) return;
        if (isFailure(result)) {
          if (state.firstFailures.length < FAILURES_LISTED) state.firstFailures.push(result);
          state.failedCount++;
        } else properties.push(result);
      } catch (error) {
        stop();
        state.fail('process', error);
      }
    },
    finish() {
      if (!state.failed)
        post({
          type: 'done',
          outcome: state.collector.outcome(),
          valid: properties.length,
          failed: state.failedCount,
          firstFailures: state.firstFailures,
          firstRows: properties.slice(0, FIRST_ROWS),
        });
    },
  };
  return state;
}

/** Reads the whole file in this worker. */
function read(file: File, chosenTemplate: FormulaTemplate) {
  const state = reading(chosenTemplate);
  // Progress as each ~1 MB of text is handed to Papa Parse: the counts of the rows before it.
  const stream = fileTextStream(file, (bytesRead) => {
    if (!state.failed)
      post({ type: 'progress', bytesRead, totalBytes: file.size, valid: properties.length, failed: state.failedCount });
  });
  readCsvRecords(stream, {
    onRecord: state.check,
    onDone: state.finish,
    onError: (error) => state.fail('read', error),
  });
}

/**
 * Reads the file's first part here and its second part in the helper, at once, then puts the
 * rows together in file order. The rows are the same as one reading's only if the cut is where
 * a row starts when the whole file is read; readCsvRecords tells when the first part's text
 * ended inside a row (at a line break in a quoted cell). Then the helper's work is dropped and
 * the whole file is read again here, as it would have been without a cut.
 */
function readInTwo(file: File, chosenTemplate: FormulaTemplate, split: CsvFileSplit, partHelper: Worker) {
  const state = reading(chosenTemplate);
  let ownBytes = 0;
  let helperBytes = 0;
  let ownDone = false;
  let partDone: Extract<CsvImportPartMessage, { type: 'done' }> | undefined;

  const progress = () => {
    if (!state.failed)
      post({
        type: 'progress',
        bytesRead: ownBytes + helperBytes,
        totalBytes: file.size,
        valid: properties.length,
        failed: state.failedCount,
      });
  };
  const putTogether = () => {
    if (!ownDone || !partDone || state.failed) return;
    partHelper.terminate();
    // The helper numbered its rows from the header; they come after this part's.
    const rowsBefore = state.collector.counts().dataRows;
    for (const failure of partDone.firstFailures) {
      if (state.firstFailures.length >= FAILURES_LISTED) break;
      state.firstFailures.push({ row: failure.row + rowsBefore, reason: failure.reason });
    }
    state.failedCount += partDone.failedCount;
    state.collector.addCounts(partDone.counts);
    properties.adopt(partDone.batches);
    state.finish();
  };

  partHelper.onmessage = ({ data }: MessageEvent<CsvImportPartMessage>) => {
    if (state.failed) return;
    switch (data.type) {
      case 'progress':
        helperBytes = data.bytesRead;
        break;
      case 'done':
        partDone = data;
        putTogether();
        break;
      case 'error':
        partHelper.terminate();
        state.fail(data.kind, new Error(data.detail));
        break;
    }
  };
  partHelper.onerror = (event) => {
    partHelper.terminate();
    state.fail('read', new Error(event.message || 'The import helper failed'));
  };
  const request: CsvImportPartRequest = {
    part: file.slice(split.cut),
    header: split.header,
    linebreak: split.linebreak,
    template: chosenTemplate,
  };
  partHelper.postMessage(request);

  const stream = fileTextStream(file.slice(0, split.cut), (bytesRead) => {
    ownBytes = bytesRead;
    progress();
  });
  readCsvRecords(stream, {
    // As Papa guessed it from the file's start (split-csv-file.ts); the helper uses the same.
    newline: split.linebreak,
    endsAtCut: true,
    onRecord: state.check,
    onDone(endedInsideRow) {
      if (state.failed) return;
      // The header the helper was given must be the one this part read (it is, unless Papa
      // read the file's start otherwise than splitCsvFile did).
      const header = state.collector.headers;
      const sameHeader =
        header?.length === split.header.length &&
        header.every((cell, index) => cell === cleanHeader(split.header[index]!));
      if (endedInsideRow || !sameHeader) {
        partHelper.terminate();
        properties = new PackedProperties();
        read(file, chosenTemplate);
        return;
      }
      ownDone = true;
      putTogether();
    },
    onError(error) {
      partHelper.terminate();
      state.fail('read', error);
    },
  });
}

const pick = (indexes: Uint32Array) =>
  Array.from(indexes, (index) => properties.at(index)).filter((property) => property !== undefined);

self.onmessage = (event: MessageEvent<CsvImportRequest>) => {
  const request = event.data;
  switch (request.type) {
    case 'import':
      void startImport(request.file, request.template);
      break;
    case 'rows':
      post({
        type: 'rows',
        requestId: request.requestId,
        start: request.start,
        properties: properties.slice(request.start, request.end),
      });
      break;
    case 'export': {
      const chosen = pick(request.indexes);
      const { fileName, content } = buildGhlContactsCsv(chosen, request.date);
      const file = new Blob([content], { type: 'text/csv;charset=utf-8' });
      post({ type: 'export', requestId: request.requestId, fileName, file, count: chosen.length });
      break;
    }
    case 'sendBody': {
      const chosen = pick(request.indexes);
      post({
        type: 'sendBody',
        requestId: request.requestId,
        body: new Blob([JSON.stringify({ template, properties: chosen, followUp: request.followUp })], {
          type: 'application/json',
        }),
        count: chosen.length,
      });
      break;
    }
  }
};
