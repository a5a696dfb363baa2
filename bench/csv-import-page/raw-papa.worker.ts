// Papa Parse alone, on exactly the input the import gives it (fileTextStream: the File decoded by
// TextDecoderStream, 1 MB chunks), counting data rows (not the header, not blank lines): the baseline for the import's throughput.
import Papa from 'papaparse';
import { fileTextStream } from '#web/features/bulk-import/file-text-stream.ts';

self.onmessage = (event: MessageEvent<{ file: File; hasHeader: boolean }>) => {
  let rows = 0;
  Papa.parse(fileTextStream(event.data.file) as unknown as NodeJS.ReadableStream, {
    header: false,
    delimiter: ',',
    chunk(results: Papa.ParseResult<string[]>) {
      // Data rows, as the import counts them: not the blank lines spreadsheets leave.
      for (const row of results.data) if (row.length > 1 || row[0] !== '') rows++;
    },
    complete() {
      self.postMessage({ rows: event.data.hasHeader ? rows - 1 : rows });
    },
    error(error: Error) {
      self.postMessage({ error: error.message });
    },
  });
};
