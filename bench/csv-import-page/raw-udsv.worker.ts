// uDSV alone on the same decoded text stream, counting data rows (its incremental chunk API;
// its schema skips the header), not the blank lines spreadsheets leave.
import { inferSchema, initParser, type Parser } from 'udsv';

self.onmessage = async (event: MessageEvent<{ file: File }>) => {
  try {
    const reader = event.data.file.stream().pipeThrough(new TextDecoderStream()).getReader();
    let parser: Parser | null = null;
    let rows = 0;
    const count = (row: string[]) => {
      if (row.length > 1 || row[0] !== '') rows++;
    };
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser ??= initParser(inferSchema(value, { col: ',' }));
      parser.chunk<string[]>(value, parser.stringArrs, count);
    }
    parser?.end();
    self.postMessage({ rows });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
