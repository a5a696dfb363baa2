// Papa Parse reading the File itself (its FileStreamer, 2 MB slices), counting rows: the usual
// way to use it, for reference (it decodes each slice apart: mholt/PapaParse#751).
import Papa from 'papaparse';

self.onmessage = (event: MessageEvent<{ file: File }>) => {
  let rows = 0;
  Papa.parse(event.data.file, {
    header: false,
    delimiter: ',',
    chunkSize: 2 * 1024 * 1024,
    chunk(results: Papa.ParseResult<string[]>) {
      rows += results.data.length;
    },
    complete() {
      self.postMessage({ rows });
    },
    error(error: Error) {
      self.postMessage({ error: error.message });
    },
  });
};
