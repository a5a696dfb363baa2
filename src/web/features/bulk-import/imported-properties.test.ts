import { describe, expect, it } from 'vitest';
import type { BulkImportProperty } from '#domain/bulk-import/bulk-import-property.ts';
import type { CsvImportRequest } from './csv-import-protocol';
import { ImportedProperties } from './imported-properties';

const property = (n: number): BulkImportProperty => ({
  firstName: `First${n}`,
  lastName: 'Lee',
  address: `${n} Oak St`,
  email: `owner${n}@example.com`,
  marketValue: 200000 + n,
  offerRange: { low: 1, high: 2 },
});

function fakeWorker() {
  const posted: CsvImportRequest[] = [];
  let terminated = false;
  const worker = {
    postMessage: (message: CsvImportRequest) => posted.push(message),
    terminate: () => {
      terminated = true;
    },
  } as unknown as Worker;
  return { worker, posted, terminated: () => terminated };
}

describe('ImportedProperties', () => {
  it('has the first rows at once and fetches other pages once each, re-rendering when one arrives', () => {
    const { worker, posted } = fakeWorker();
    const rows = new ImportedProperties(
      worker,
      1000,
      Array.from({ length: 200 }, (_, n) => property(n)),
    );
    expect(rows.get(0)).toEqual(property(0));
    expect(rows.get(199)?.address).toBe('199 Oak St');
    expect(rows.get(200)).toBeUndefined();

    rows.load(150, 450);
    rows.load(150, 450);
    expect(posted).toEqual([
      { type: 'rows', requestId: 0, start: 200, end: 400 },
      { type: 'rows', requestId: 0, start: 400, end: 600 },
    ]);
    let renders = 0;
    const unsubscribe = rows.subscribe(() => renders++);
    rows.receive({
      type: 'rows',
      requestId: 0,
      start: 400,
      properties: Array.from({ length: 200 }, (_, n) => property(400 + n)),
    });
    expect(rows.get(450)).toEqual(property(450));
    expect(renders).toBe(1);
    expect(rows.version).toBe(1);
    unsubscribe();
  });

  it('asks the worker for an export and a send body of the selected rows, answering each request by its id', async () => {
    const { worker, posted, terminated } = fakeWorker();
    const rows = new ImportedProperties(worker, 3, [property(0), property(1), property(2)]);
    const exported = rows.exportCsv(Uint32Array.of(0, 2), '2026-01-02');
    const body = rows.sendBody(Uint32Array.of(1), { followUp: true });
    const [exportRequest, sendRequest] = posted as [
      Extract<CsvImportRequest, { type: 'export' }>,
      Extract<CsvImportRequest, { type: 'sendBody' }>,
    ];
    expect(exportRequest).toMatchObject({ type: 'export', date: '2026-01-02' });
    expect([...exportRequest.indexes]).toEqual([0, 2]);
    expect([...sendRequest.indexes]).toEqual([1]);
    expect(sendRequest.followUp).toBe(true);
    const sendBlob = new Blob(['{"x":1}']);
    rows.receive({ type: 'sendBody', requestId: sendRequest.requestId, body: sendBlob, count: 1 });
    rows.receive({
      type: 'export',
      requestId: exportRequest.requestId,
      fileName: 'f.csv',
      file: new Blob(['a']),
      count: 2,
    });
    expect(await body).toEqual({ type: 'sendBody', requestId: sendRequest.requestId, body: sendBlob, count: 1 });
    expect(await exported).toMatchObject({ fileName: 'f.csv', count: 2 });
    rows.dispose();
    expect(terminated()).toBe(true);
  });
});
