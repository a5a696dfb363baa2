/// <reference lib="webworker" />
// The CSV import's Web Worker: streams the File through Papa Parse and the CSV row rules
// (§5: the columns read, the rows skipped and why; src/domain/bulk-import) off the main thread and keeps the valid rows here, packed (PackedProperties). The page gets progress and failures as it goes,
// then the counts and the first rows; afterwards it asks for the rows it shows, and for the CRM
// CSV or the send request of a selection, so 300,000 rows never cross to the main thread at once.
import Papa from 'papaparse';
import { buildGhlContactsCsv } from '#domain/bulk-import/build-ghl-contacts-csv.ts';
import { fullPropertyAddress, type BulkImportProperty } from '#domain/bulk-import/bulk-import-property.ts';
import { bulkOfferRange } from '#domain/bulk-import/bulk-offer-range.ts';
import {
  createCsvImportCollector,
  isFailure,
  MAPPING_SAMPLE_ROWS,
  type CsvRowFailure,
} from '#domain/bulk-import/csv-import-collector.ts';
import { offerIsWorkable } from '#domain/offer/compute-offer-range.ts';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import {
  FAILURES_LISTED,
  type CsvImportMessage,
  type CsvImportRequest,
  type ListFacts,
  type RepairsForRows,
} from './csv-import-protocol';
import { fileTextStream } from './file-text-stream';
import { PackedProperties } from './packed-properties';

declare const self: DedicatedWorkerGlobalScope;
const post = (message: CsvImportMessage) => self.postMessage(message);

/** Rows sent with 'done', so the review shows at once. */
const FIRST_ROWS = 200;

/**
 * The worker's message handler, holding the import it serves: the valid rows, packed, and the
 * template they were priced with (in this scope, not the module's: a new import replaces them).
 */
function csvImportHandler() {
  let properties = new PackedProperties();
  let template: FormulaTemplate | undefined;
  let repairsForRows: RepairsForRows | null = null;

  function startImport({
    file,
    template: chosenTemplate,
    remembered,
    mapping,
  }: Extract<CsvImportRequest, { type: 'import' }>) {
    properties = new PackedProperties();
    template = chosenTemplate;
    repairsForRows = null;
    // An owner list (issue 41): the spec's columns read as before, the other spellings and the mapping too.
    const collector = createCsvImportCollector(chosenTemplate, { list: { remembered, mapping } });
    const facts: ListFacts = { emailRows: 0, showsChannels: false, hasRepairs: false, hasSquareFeet: false };
    // Only the failures the review lists are kept; the rest are counted.
    const firstFailures: CsvRowFailure[] = [];
    let failedCount = 0;
    let failed = false;
    const fail = (kind: 'read' | 'process', error: unknown) => {
      if (failed) return;
      failed = true;
      post({ type: 'error', kind, detail: error instanceof Error ? error.message : String(error) });
    };

    // Progress as each ~1 MB of text is handed to Papa Parse: the counts of the rows before it.
    const stream = fileTextStream(file, (bytesRead) => {
      if (!failed)
        post({ type: 'progress', bytesRead, totalBytes: file.size, valid: properties.length, failed: failedCount });
    });
    Papa.parse(stream as unknown as NodeJS.ReadableStream, {
      header: false,
      delimiter: ',',
      // No skipEmptyLines: the collector skips blank records itself, and Papa's 'greedy' test joins
      // every row's cells into a string (~45 ms of the 50 MB benchmark file).
      // Row by row (`step`), not a chunk's rows at once: each row is garbage as soon as it is checked.
      // A chunk's 6,000 rows stayed alive through the checks, and the garbage collector copied them:
      // the import spent twice raw Papa's time collecting (decision 006).
      step(results: Papa.ParseStepResult<string[]>, parser: Papa.Parser) {
        try {
          const result = collector.addRecord(results.data);
          if (result === null) {
            // A list that needs mapping: its first rows are the samples, and the rest need not be read.
            if (collector.unmappedFields.length > 0 && collector.samples.length >= MAPPING_SAMPLE_ROWS) parser.abort();
            return;
          }
          if (isFailure(result)) {
            if (firstFailures.length < FAILURES_LISTED) firstFailures.push(result);
            failedCount++;
          } else {
            properties.push(result);
            facts.showsChannels ||=
              result.email === undefined ||
              result.city !== undefined ||
              result.mailingAddress !== undefined ||
              result.phones !== undefined;
            facts.hasRepairs ||= result.repairs !== undefined;
            facts.hasSquareFeet ||= result.squareFeet !== undefined;
          }
        } catch (error) {
          parser.abort();
          fail('process', error);
        }
      },
      complete() {
        if (failed) return;
        const outcome = collector.outcome();
        facts.emailRows = collector.emailRows;
        post({
          type: 'done',
          outcome,
          valid: properties.length,
          failed: failedCount,
          firstFailures,
          firstRows: properties.slice(0, FIRST_ROWS),
          facts,
          ...(outcome === 'needsMapping' && {
            mapping: {
              headers: [...(collector.headers ?? [])],
              samples: collector.samples.map((row) => [...row]),
              fields: [...collector.unmappedFields],
              optionalFields: [...collector.unmappedMailingFields],
            },
          }),
        });
      },
      error(error: Error) {
        fail('read', error);
      },
    });
  }

  /** A row as the review shows and sends it: with the repairs set for the rows, its offer recomputed. */
  const rowAt = (index: number): BulkImportProperty | undefined => {
    const property = properties.at(index);
    if (!property || !repairsForRows || property.repairs !== undefined) return property;
    const repairs =
      repairsForRows.kind === 'amount'
        ? repairsForRows.dollars
        : property.squareFeet === undefined
          ? undefined
          : Math.round(repairsForRows.dollars * property.squareFeet);
    if (repairs === undefined) return property;
    return { ...property, repairs, offerRange: bulkOfferRange({ ...property, repairs }, template!) };
  };
  const rowsFrom = (start: number, end: number) => {
    const rows: BulkImportProperty[] = [];
    for (let index = Math.max(0, start); index < Math.min(end, properties.length); index++) rows.push(rowAt(index)!);
    return rows;
  };
  const pick = (indexes: Uint32Array) =>
    Array.from(indexes, (index) => rowAt(index)).filter((property) => property !== undefined);

  return (event: MessageEvent<CsvImportRequest>) => {
    const request = event.data;
    switch (request.type) {
      case 'import':
        startImport(request);
        break;
      case 'rows':
        post({
          type: 'rows',
          requestId: request.requestId,
          start: request.start,
          properties: rowsFrom(request.start, request.end),
        });
        break;
      case 'repairs':
        repairsForRows = request.repairs;
        post({ type: 'repairs', requestId: request.requestId });
        break;
      case 'export': {
        const chosen = pick(request.indexes);
        const { fileName, content } = buildGhlContactsCsv(chosen, request.date);
        const file = new Blob([content], { type: 'text/csv;charset=utf-8' });
        post({ type: 'export', requestId: request.requestId, fileName, file, count: chosen.length });
        break;
      }
      case 'sendBody': {
        // An e-mail send takes the owners with an e-mail (§5), whose offer still works with the repairs set.
        const picked = pick(request.indexes);
        const withEmail = picked.filter((property) => property.email !== undefined);
        const chosen = withEmail.filter((property) => offerIsWorkable(property.offerRange));
        post({
          type: 'sendBody',
          requestId: request.requestId,
          body: new Blob([JSON.stringify({ template, properties: chosen, followUp: request.followUp })], {
            type: 'application/json',
          }),
          count: chosen.length,
          withoutEmail: picked.length - withEmail.length,
          unworkable: withEmail.length - chosen.length,
        });
        break;
      }
      case 'knownBody': {
        const rows = pick(request.indexes).map((property) => ({
          address: fullPropertyAddress(property),
          low: property.offerRange.low,
          high: property.offerRange.high,
        }));
        post({
          type: 'knownBody',
          requestId: request.requestId,
          body: new Blob([JSON.stringify({ rows })], { type: 'application/json' }),
        });
        break;
      }
      case 'mailBody': {
        // A mail send takes the owners with somewhere to mail: their mailing address, or the property's city, state and ZIP.
        const picked = pick(request.indexes);
        const chosen = picked.filter(
          (property) =>
            property.mailingAddress !== undefined ||
            (property.city !== undefined && property.state !== undefined && property.zip !== undefined),
        );
        post({
          type: 'mailBody',
          requestId: request.requestId,
          body: new Blob([JSON.stringify({ template, properties: chosen, format: request.format })], {
            type: 'application/json',
          }),
          count: chosen.length,
          withoutAddress: picked.length - chosen.length,
        });
        break;
      }
    }
  };
}

self.onmessage = csvImportHandler();
