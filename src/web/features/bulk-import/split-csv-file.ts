import Papa from 'papaparse';
import { isBlankRecord } from '../../../domain/bulk-import/csv-import-collector';

/** Below this a file is read by one worker: a second one would not pay for its start. */
export const SPLIT_MIN_BYTES = 8 << 20;
// Papa Parse guesses the line break from the first 1 M characters of its first chunk, which the
// import's stream makes at least that long. 1.5 MB of UTF-8 hold that many unless a third of the
// text is beyond ASCII; 4 MB always do.
const GUESSED_FROM_CHARACTERS = 1 << 20;
const HEAD_BYTES = [1.5 * (1 << 20), 4 << 20];
// How far past the middle a line break is looked for.
const CUT_WINDOW_BYTES = 1 << 20;

export interface CsvFileSplit {
  /** Byte offset where the second part starts: just after a line break. */
  cut: number;
  /** The file's header row (its first record that is not blank), as Papa Parse reads it. */
  header: string[];
  /** The line break Papa Parse reads the file with. */
  linebreak: string;
}

/**
 * Where to cut a large CSV file in two so that two workers can read a half each: just after the
 * first line break past the middle, with the header row and line break the whole file is read
 * with (the second part has neither). The cut is a guess: a line break inside a quoted cell
 * also looks like one, so the worker reading the first part checks that its last row ended
 * exactly at the cut (see parse-csv.worker.ts) before its rows and the second part's are put
 * together. Null when the file is small or no cut is found (one worker reads it all).
 */
export async function splitCsvFile(file: Blob, minBytes = SPLIT_MIN_BYTES): Promise<CsvFileSplit | null> {
  if (file.size < minBytes) return null;
  // Decoded as the import's stream decodes it (a byte-order mark dropped).
  let head = '';
  for (const bytes of HEAD_BYTES) {
    head = new TextDecoder('utf-8').decode(await file.slice(0, bytes).arrayBuffer());
    if (head.length > GUESSED_FROM_CHARACTERS) break;
  }
  head = head.slice(0, GUESSED_FROM_CHARACTERS);
  let header: string[] | undefined;
  let headerEnded = false;
  let linebreak = '';
  Papa.parse<string[]>(head, {
    header: false,
    delimiter: ',',
    step(results, parser) {
      linebreak = results.meta.linebreak;
      if (header === undefined) {
        if (!isBlankRecord(results.data)) header = results.data;
      } else {
        // A row after it: the header row ended within the head, as it will in the whole file.
        headerEnded = true;
        parser.abort();
      }
    },
  });
  if (header === undefined || !headerEnded || linebreak === '') return null;

  const breakBytes = new TextEncoder().encode(linebreak);
  const middle = Math.floor(file.size / 2);
  const window = new Uint8Array(await file.slice(middle, middle + CUT_WINDOW_BYTES).arrayBuffer());
  for (let at = window.indexOf(breakBytes[0]!); at !== -1; at = window.indexOf(breakBytes[0]!, at + 1)) {
    if (at + breakBytes.length > window.length) break;
    if (breakBytes.length === 2 && window[at + 1] !== breakBytes[1]) continue;
    const cut = middle + at + breakBytes.length;
    return cut < file.size ? { cut, header, linebreak } : null;
  }
  return null;
}
