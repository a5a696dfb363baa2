// Diagnostic: uDSV on the same decoded stream with the CSV row rules (§5, createCsvImportCollector), keeping nothing.
import { inferSchema, initParser, type Parser } from 'udsv';
import { createCsvImportCollector } from '#domain/bulk-import/csv-import-collector.ts';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';

self.onmessage = async (event: MessageEvent<{ file: File }>) => {
  try {
    const collector = createCsvImportCollector(defaultTemplate);
    const reader = event.data.file.stream().pipeThrough(new TextDecoderStream()).getReader();
    let parser: Parser | null = null;
    let rows = 0;
    let batch: string[][] = [];
    const keep = (row: string[]) => {
      batch.push(row);
    };
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!parser) {
        parser = initParser(inferSchema(value, { col: ',' }));
        collector.add([parser.schema.cols.map((col) => col.name)]);
      }
      parser.chunk<string[]>(value, parser.stringArrs, keep);
      const result = collector.add(batch);
      rows += result.properties.length + result.failures.length;
      batch = [];
    }
    parser?.end();
    self.postMessage({ rows });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
