import Papa from 'papaparse';
import type { TextChunkStream } from './file-text-stream';

export interface CsvRecordReader {
  /** The line break, when the text is a part of a file whose line break was read from its start. */
  newline?: string;
  /**
   * The text is a file's first part, cut just after a line break: a row Papa gives only once the
   * text ended (it was still inside it) is not onRecord's; onDone hears of it instead.
   */
  endsAtCut?: boolean;
  /** Each record (row of cells), in order; `stop` ends the reading (onDone is not called). */
  onRecord(cells: string[], stop: () => void): void;
  /**
   * The text was read. `endedInsideRow` (only with endsAtCut): Papa Parse was still inside a row
   * when the text ended, so the cut was inside a row (at a line break in a quoted cell).
   */
  onDone(endedInsideRow: boolean): void;
  onError(error: Error): void;
}

/**
 * Streams text through Papa Parse with the import's options, one record at a time (`step`, not a
 * chunk's rows at once: each row is garbage as soon as it is checked; a chunk's 6,000 rows stayed
 * alive through the checks and the garbage collector copied them, decision 006).
 *
 * Papa holds back the unfinished last row of every chunk and reads it again with the next one,
 * so when the text ends it has given every row that ended by then; a row it gives after the
 * end is one the text ended inside.
 */
export function readCsvRecords(stream: TextChunkStream, reader: CsvRecordReader) {
  let textEnded = false;
  let endedInsideRow = false;
  let stopped = false;
  // Registered before Papa's own listener, which reads what it held back.
  stream.on('end', () => {
    textEnded = true;
  });
  Papa.parse(stream as unknown as NodeJS.ReadableStream, {
    header: false,
    delimiter: ',',
    // No skipEmptyLines: the collector skips blank records itself, and Papa's 'greedy' test joins
    // every row's cells into a string (~45 ms of the 50 MB benchmark file).
    ...(reader.newline ? { newline: reader.newline as Papa.ParseConfig['newline'] } : {}),
    step(results: Papa.ParseStepResult<string[]>, parser: Papa.Parser) {
      if (textEnded && reader.endsAtCut) endedInsideRow = true;
      else
        reader.onRecord(results.data, () => {
          stopped = true;
          parser.abort();
        });
    },
    complete() {
      if (!stopped) reader.onDone(endedInsideRow);
    },
    error(error: Error) {
      stopped = true;
      reader.onError(error);
    },
  });
}
