// Diagnostic: Papa Parse row by row, as the import, reading (trimCell) only the cells the CSV row
// rules read and checking nothing: the least any per-row work in JavaScript on Papa's rows costs,
// the floor under the rules (compare with rules-only and raw Papa's step).
import Papa from 'papaparse';
import { fileTextStream } from '#web/features/bulk-import/file-text-stream.ts';
import { createRuleCellsReader } from './rule-cells-reader';

self.onmessage = (event: MessageEvent<{ file: File }>) => {
  const read = createRuleCellsReader();
  let rows = 0;
  Papa.parse(fileTextStream(event.data.file) as unknown as NodeJS.ReadableStream, {
    header: false,
    delimiter: ',',
    step(results: Papa.ParseStepResult<string[]>) {
      if (read(results.data)) rows++;
    },
    complete() {
      self.postMessage({ rows });
    },
    error(error: Error) {
      self.postMessage({ error: error.message });
    },
  });
};
