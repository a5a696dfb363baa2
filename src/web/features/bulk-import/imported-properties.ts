import type { BulkImportProperty } from '#domain/bulk-import/bulk-import-property.ts';
import type { MailFormat } from '#domain/mail/mail-send-request.ts';
import type { CsvImportMessage, CsvImportRequest, RepairsForRows } from './csv-import-protocol';

const PAGE = 200;

type Answer = Extract<CsvImportMessage, { requestId: number }>;

/**
 * The imported properties, kept by the import worker (parse-csv.worker.ts) and read from here:
 * rows are fetched a page at a time as the review table shows them (get() is undefined until
 * the page arrives; subscribe() hears when one does), and the export and the send request of a
 * selection are built in the worker. dispose() ends the worker.
 */
export class ImportedProperties {
  private readonly pages = new Map<number, BulkImportProperty[]>();
  private readonly requested = new Set<number>();
  private readonly waiting = new Map<number, (answer: Answer) => void>();
  private readonly listeners = new Set<() => void>();
  private nextRequestId = 1;
  /** Changes whenever a page arrives (for useSyncExternalStore). */
  version = 0;
  /** Changes when the rows' offers are recomputed (repairs set): what was asked about them is asked again. */
  figuresVersion = 0;

  constructor(
    private readonly worker: Worker,
    readonly length: number,
    firstRows: BulkImportProperty[],
  ) {
    for (let page = 0; page * PAGE < firstRows.length; page++) {
      this.pages.set(page, firstRows.slice(page * PAGE, (page + 1) * PAGE));
      this.requested.add(page);
    }
  }

  /** Called by importCsvFile for every answer the worker sends after the import. */
  receive(message: Answer) {
    if (message.type === 'rows') {
      this.pages.set(message.start / PAGE, message.properties);
      this.version++;
      for (const listener of this.listeners) listener();
      return;
    }
    this.waiting.get(message.requestId)?.(message);
    this.waiting.delete(message.requestId);
  }

  get(index: number): BulkImportProperty | undefined {
    return this.pages.get(Math.floor(index / PAGE))?.[index % PAGE];
  }

  /** Asks the worker for the pages holding rows start..end-1 that are not here yet. */
  load(start: number, end: number) {
    for (let page = Math.floor(start / PAGE); page * PAGE < Math.min(end, this.length); page++) {
      if (this.requested.has(page)) continue;
      this.requested.add(page);
      this.post({ type: 'rows', requestId: 0, start: page * PAGE, end: (page + 1) * PAGE });
    }
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The CRM contacts CSV of the rows at these indexes, in the CRM's columns (§3). */
  exportCsv(indexes: Uint32Array, date: string): Promise<{ fileName: string; file: Blob; count: number }> {
    return this.ask({ type: 'export', requestId: 0, indexes, date }).then((answer) => {
      if (answer.type !== 'export') throw new Error('unexpected answer');
      return answer;
    });
  }

  /**
   * The POST /api/bulk-send body (JSON) for the rows at these indexes that have an e-mail, with the
   * import's template; says how many were left out for having none, or an offer below 0.
   */
  sendBody(
    indexes: Uint32Array,
    { followUp }: { followUp: boolean },
  ): Promise<{ body: Blob; count: number; withoutEmail?: number; unworkable?: number }> {
    return this.ask({ type: 'sendBody', requestId: 0, indexes, followUp }).then((answer) => {
      if (answer.type !== 'sendBody') throw new Error('unexpected answer');
      return answer;
    });
  }

  /**
   * The POST /api/mail/print-runs (or /api/mail/lob/sends) body (JSON) for the rows at these indexes
   * that have a mailing address, with the import's template; says how many were left out for having none.
   */
  mailBody(
    indexes: Uint32Array,
    { format }: { format: MailFormat },
  ): Promise<{ body: Blob; count: number; withoutAddress: number }> {
    return this.ask({ type: 'mailBody', requestId: 0, indexes, format }).then((answer) => {
      if (answer.type !== 'mailBody') throw new Error('unexpected answer');
      return answer;
    });
  }

  /** The POST /api/import-review/known-properties body (JSON) for the rows at these indexes. */
  knownBody(indexes: Uint32Array): Promise<Blob> {
    return this.ask({ type: 'knownBody', requestId: 0, indexes }).then((answer) => {
      if (answer.type !== 'knownBody') throw new Error('unexpected answer');
      return answer.body;
    });
  }

  /** Sets repairs for every row (a list without any), then shows the recomputed offers. */
  async setRepairs(repairs: RepairsForRows | null): Promise<void> {
    const requestId = this.nextRequestId++;
    await new Promise<Answer>((resolve) => {
      this.waiting.set(requestId, resolve);
      this.post({ type: 'repairs', requestId, repairs });
    });
    // The pages shown are asked for again, with their recomputed offers.
    const shown = [...this.requested];
    this.pages.clear();
    this.requested.clear();
    this.version++;
    this.figuresVersion++;
    for (const listener of this.listeners) listener();
    for (const page of shown) this.load(page * PAGE, (page + 1) * PAGE);
  }

  dispose() {
    this.worker.terminate();
  }

  private ask(request: Extract<CsvImportRequest, { requestId: number; indexes: Uint32Array }>): Promise<Answer> {
    const requestId = this.nextRequestId++;
    return new Promise((resolve) => {
      this.waiting.set(requestId, resolve);
      const copy = request.indexes.slice();
      this.worker.postMessage({ ...request, requestId, indexes: copy }, [copy.buffer]);
    });
  }

  private post(request: CsvImportRequest) {
    this.worker.postMessage(request);
  }
}
