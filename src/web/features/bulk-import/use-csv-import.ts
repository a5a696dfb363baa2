import { useEffect, useRef, useState } from 'react';
import { bulkImportMessages } from '#domain/bulk-import/bulk-import-messages.ts';
import { checkCsvFile } from '#domain/bulk-import/check-csv-file.ts';
import type { ColumnMapping, ListField } from '#domain/bulk-import/list-columns.ts';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import { notify } from '#web/components/notify.ts';
import type { MappingRequest } from './csv-import-protocol';
import { CsvImportError, importCsvFile, startCsvImportWorker, type CsvImportResult } from './import-csv-file';
import { fetchRememberedMappings, rememberMappings } from './import-mappings-api';

/** Where a CSV import stands: waiting for a file (after a refusal, with why), reading one, asking which columns hold what, or its rows under review. */
export type CsvImportStep =
  | { step: 'upload'; error?: string }
  | { step: 'reading'; fileName: string; progress: number }
  | { step: 'mapping'; fileName: string; file: File; request: MappingRequest }
  | { step: 'review'; fileName: string; result: CsvImportResult };

const noHeaderHint =
  'The first row must be a header row naming the columns: Email, an address column and Market Value.';

/**
 * A CSV import for the bulk import dialog, with its three worker lifecycles kept out of the view:
 * a spare worker is started while a file is awaited (`awaitingFile`), so its script is loaded when
 * the file comes; the running import can be cancelled; the worker holding the reviewed rows ends
 * when the review does. Each refusal is shown as a toast and kept on the upload step.
 */
export function useCsvImport(template: FormulaTemplate, { awaitingFile }: { awaitingFile: boolean }) {
  const [state, setState] = useState<CsvImportStep>({ step: 'upload' });
  const importAbort = useRef<AbortController | null>(null);

  const reviewed = state.step === 'review' ? state.result.properties : null;
  useEffect(() => () => reviewed?.dispose(), [reviewed]);

  const spareWorker = useRef<Worker | null>(null);
  useEffect(() => {
    if (awaitingFile && state.step === 'upload') {
      spareWorker.current ??= startCsvImportWorker();
    } else if (!awaitingFile) {
      spareWorker.current?.terminate();
      spareWorker.current = null;
    }
  }, [awaitingFile, state.step]);
  useEffect(
    () => () => {
      spareWorker.current?.terminate();
      spareWorker.current = null;
    },
    [],
  );

  const refuse = (message: string, shown = message) => {
    notify.error(message);
    setState({ step: 'upload', error: shown });
  };

  async function start(file: File, mapping: ColumnMapping = {}) {
    const refused = checkCsvFile(file);
    if (refused) return refuse(refused);
    const abort = new AbortController();
    importAbort.current = abort;
    setState({ step: 'reading', fileName: file.name, progress: 0 });
    try {
      const worker = spareWorker.current ?? undefined;
      spareWorker.current = null;
      // The workspace's remembered columns (issue 41); without them the list is read as it comes.
      const remembered = await fetchRememberedMappings().catch(() => []);
      const result = await importCsvFile(file, template, {
        worker,
        signal: abort.signal,
        remembered,
        mapping,
        onProgress: (progress) =>
          setState((current) => (current.step === 'reading' ? { ...current, progress } : current)),
      });
      if (result.outcome === 'noData') return refuse(bulkImportMessages.noData);
      if (result.outcome === 'needsMapping' && result.mapping) {
        return setState({ step: 'mapping', fileName: file.name, file, request: result.mapping });
      }
      if (result.outcome === 'noHeader') {
        return refuse(bulkImportMessages.noValidProperties, `${bulkImportMessages.noValidProperties}. ${noHeaderHint}`);
      }
      if (result.outcome !== 'ok') return refuse(bulkImportMessages.noValidProperties);
      setState({ step: 'review', fileName: file.name, result });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      refuse(
        error instanceof CsvImportError && error.kind === 'process'
          ? bulkImportMessages.processingError
          : bulkImportMessages.readError,
      );
    }
  }

  /** Remembers the columns picked in the mapping step for the workspace, then reads the file with them. */
  async function applyMapping(mapping: ColumnMapping) {
    if (state.step !== 'mapping') return;
    const { file } = state;
    const picked = Object.entries(mapping) as [ListField, string][];
    // Not remembered (a member without the right, a lost connection): this file is still read with them.
    await rememberMappings(picked.map(([field, column]) => ({ column, field }))).catch(() => undefined);
    await start(file, mapping);
  }

  return {
    state,
    /** Checks the file, then reads it in the worker; refusals come back to the upload step. */
    start: (file: File) => void start(file),
    /** The mapping step's columns: remembered, then the file read with them. */
    applyMapping: (mapping: ColumnMapping) => void applyMapping(mapping),
    /** Stops the import if one is reading, back to the upload step; otherwise changes nothing. */
    cancelReading: () => {
      if (state.step !== 'reading') return;
      importAbort.current?.abort();
      setState({ step: 'upload' });
    },
    /** Back to the upload step (another file, or the reviewed rows are done with). */
    reset: () => setState({ step: 'upload' }),
  };
}
