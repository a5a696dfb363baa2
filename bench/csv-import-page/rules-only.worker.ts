// Diagnostic: the import's parse and CSV row rules (§5, createCsvImportCollector) on the same stream, keeping nothing (the import
// keeps every valid row for the review); tells the cost of the rules from the cost of keeping.
import Papa from 'papaparse';
import { createCsvImportCollector } from '#domain/bulk-import/csv-import-collector.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { fileTextStream } from '#web/features/bulk-import/file-text-stream.ts';

self.onmessage = (event: MessageEvent<{ file: File; headerRow?: string[] }>) => {
  const collector = createCsvImportCollector(defaultTemplate);
  // A half of the file without its header: the rules read the columns from the file's own header.
  if (event.data.headerRow) collector.add([event.data.headerRow]);
  let rows = 0;
  Papa.parse(fileTextStream(event.data.file) as unknown as NodeJS.ReadableStream, {
    header: false,
    delimiter: ',',
    // Row by row, as the import.
    step(results: Papa.ParseStepResult<string[]>) {
      if (collector.addRecord(results.data) !== null) rows++;
    },
    complete() {
      self.postMessage({ rows });
    },
    error(error: Error) {
      self.postMessage({ error: error.message });
    },
  });
};
