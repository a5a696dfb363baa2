import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { fileTextStream } from './file-text-stream';

function parse(blob: Blob): Promise<{ rows: string[][]; progress: number[] }> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    const progress: number[] = [];
    Papa.parse(fileTextStream(blob, (bytes) => progress.push(bytes)) as unknown as NodeJS.ReadableStream, {
      header: false,
      delimiter: ',',
      skipEmptyLines: 'greedy',
      chunk: (results: Papa.ParseResult<string[]>) => void rows.push(...results.data),
      complete: () => resolve({ rows, progress }),
      error: reject,
    });
  });
}

describe('fileTextStream + Papa Parse', () => {
  it('keeps a UTF-8 character whose bytes are split between reads, and drops the byte-order mark', async () => {
    const bytes = new TextEncoder().encode(
      '\uFEFFFirst Name,Email\r\nJosé,jose@example.com\r\nNguyễn,n@example.com\r\n',
    );
    const split = bytes.indexOf(0xc3) + 1; // inside 'é'
    const blob = new Blob([bytes.slice(0, split), bytes.slice(split, split + 3), bytes.slice(split + 3)]);
    const { rows, progress } = await parse(blob);
    expect(rows).toEqual([
      ['First Name', 'Email'],
      ['José', 'jose@example.com'],
      ['Nguyễn', 'n@example.com'],
    ]);
    expect(progress.at(-1)).toBe(blob.size);
  });

  it('parses quoted cells spanning its 1 MB chunks', async () => {
    const line = `"${'x,'.repeat(100)}\n${'y'.repeat(50)}",2\r\n`;
    const text = `a,b\r\n${line.repeat(Math.ceil((3 << 20) / line.length))}`;
    const { rows } = await parse(new Blob([text]));
    expect(rows.length).toBe(1 + Math.ceil((3 << 20) / line.length));
    expect(
      rows.every(
        (row, index) => index === 0 || (row.length === 2 && row[1] === '2' && row[0]!.endsWith('y'.repeat(50))),
      ),
    ).toBe(true);
  });

  it('ends cleanly on an empty file', async () => {
    expect((await parse(new Blob([]))).rows).toEqual([]);
  });
});
