import { existsSync, readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { CSV_IMPORT_FILE, generateCsvImportFile } from '../generate-csv-import-file';

const CHUNK = 1 << 20;

/** The CSV import benchmark's 50 MB file as decoded text (generated first if missing), without its byte order mark. */
export async function readCsvImportText(): Promise<string> {
  if (!existsSync(CSV_IMPORT_FILE)) await generateCsvImportFile();
  return readFileSync(CSV_IMPORT_FILE, 'utf8').replace(/^\uFEFF/, '');
}

/**
 * Papa Parse on `text` in 1 MB chunks, as the import worker's stream hands it the file, each row
 * given to `onRow`; resolves when done. Node, no browser.
 */
export function parseInChunks(text: string, onRow: (cells: string[]) => void): Promise<void> {
  let at = 0;
  const stream = {
    readable: true,
    read() {},
    on(event: string, listener: (value?: unknown) => void) {
      if (event === 'data')
        setTimeout(() => {
          for (; at < text.length; at += CHUNK) listener(text.slice(at, at + CHUNK));
        });
      if (event === 'end') setTimeout(() => listener());
      return stream;
    },
    removeListener() {
      return stream;
    },
    pause() {},
    resume() {},
  };
  return new Promise((resolve) =>
    Papa.parse(stream as unknown as NodeJS.ReadableStream, {
      header: false,
      delimiter: ',',
      step: (results: Papa.ParseStepResult<string[]>) => onRow(results.data),
      complete: () => resolve(),
    }),
  );
}
