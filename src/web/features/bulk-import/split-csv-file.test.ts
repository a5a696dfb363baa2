import { describe, expect, it } from 'vitest';
import { fileTextStream } from './file-text-stream';
import { readCsvRecords } from './read-csv-records';
import { SPLIT_MIN_BYTES, splitCsvFile } from './split-csv-file';

/** A CSV file of at least `bytes`: rows made by `row(n)`, after `start`. */
function csvFile(start: string, row: (n: number) => string, bytes: number) {
  const parts = [start];
  let length = start.length;
  for (let n = 1; length < bytes; n++) {
    const line = row(n);
    parts.push(line);
    length += line.length;
  }
  return new Blob(parts);
}

function records(
  blob: Blob,
  options: { newline?: string; endsAtCut?: boolean; keepByteOrderMark?: boolean } = {},
): Promise<{ rows: string[][]; endedInsideRow: boolean }> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    readCsvRecords(
      fileTextStream(blob, () => {}, { keepByteOrderMark: options.keepByteOrderMark }),
      {
        newline: options.newline,
        endsAtCut: options.endsAtCut,
        onRecord: (cells) => void rows.push(cells),
        onDone: (endedInsideRow) => resolve({ rows, endedInsideRow }),
        onError: reject,
      },
    );
  });
}

async function readInTwo(file: Blob) {
  const split = await splitCsvFile(file, SMALL);
  if (!split) throw new Error('not split');
  const [first, second] = await Promise.all([
    records(file.slice(0, split.cut), { newline: split.linebreak, endsAtCut: true }),
    records(file.slice(split.cut), { newline: split.linebreak, keepByteOrderMark: true }),
  ]);
  return { split, first, second };
}

// Files this big are cut in the tests (the import cuts from SPLIT_MIN_BYTES).
const SMALL = 200_000;

describe('splitCsvFile and reading a file in two', () => {
  it('leaves a small file whole', async () => {
    expect(await splitCsvFile(new Blob(['Email\r\na@b.com\r\n'.repeat(1000)]))).toBeNull();
    expect(SPLIT_MIN_BYTES).toBeGreaterThan(1 << 20);
  });

  it('cuts after a line break past the middle, and the two parts read as the whole file', async () => {
    const file = csvFile(
      '\uFEFF\r\n,,\r\nFirst Name,Email,Notes\r\n',
      (n) => `Zoë ${n},zoe.${n}@example.com,"Roof leaks,\nneeds ""work"" ${n}"\r\n`,
      SMALL,
    );
    const { split, first, second } = await readInTwo(file);
    expect(split.header).toEqual(['First Name', 'Email', 'Notes']);
    expect(split.linebreak).toBe('\r\n');
    expect(split.cut).toBeGreaterThan(file.size / 2);
    expect(new TextDecoder().decode(await file.slice(split.cut - 2, split.cut).arrayBuffer())).toBe('\r\n');
    expect(first.endedInsideRow).toBe(false);
    const whole = await records(file);
    expect(whole.rows.length).toBeGreaterThan(2_000);
    expect([...first.rows, ...second.rows]).toEqual(whole.rows);
  });

  it('tells when the cut was inside a quoted cell', async () => {
    // Line feeds end rows and also break the quoted notes: most line feeds are inside a cell.
    const file = csvFile('Email,Notes\n', (n) => `a${n}@example.com,"one\ntwo\nthree\nfour ${n}"\n`, SMALL);
    const { split, first } = await readInTwo(file);
    expect(split.linebreak).toBe('\n');
    expect(first.endedInsideRow).toBe(true);
  });

  it('keeps a byte-order mark that starts the second part, as the whole file reads it', async () => {
    const file = csvFile('Email,Notes\r\n', (n) => `\uFEFFa${n}@example.com,x\r\n`, SMALL);
    const { first, second } = await readInTwo(file);
    const whole = await records(file);
    expect(second.rows[0]![0]!.startsWith('\uFEFF')).toBe(true);
    expect([...first.rows, ...second.rows]).toEqual(whole.rows);
  });
});
