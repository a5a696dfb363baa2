// Papa Parse reading the File itself (its FileStreamer, 2 MB slices), counting data rows (not the header, not blank lines): the usual
// way to use it, for reference (it decodes each slice apart: mholt/PapaParse#751).
import Papa from 'papaparse';

self.onmessage = (event: MessageEvent<{ file: File; hasHeader: boolean }>) => {
  let rows = 0;
  Papa.parse(event.data.file, {
    header: false,
    delimiter: ',',
    chunkSize: 2 * 1024 * 1024,
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
