import { useEffect, useRef, useState, type DragEvent } from 'react';
import { bulkImportMessages, MAX_BULK_SEND_PROPERTIES } from '../../../domain/bulk-import/bulk-import-messages';
import { checkCsvFile } from '../../../domain/bulk-import/check-csv-file';
import type { FormulaTemplate } from '../../../domain/offer/formula-template';
import { Modal } from '../../components/modal';
import { notify } from '../../components/notify';
import { useBulkSendProgress, useStartBulkSend } from './bulk-send-api';
import { downloadFile, localDate } from './download-file';
import { CsvImportError, importCsvFile, startCsvImportWorker, type CsvImportResult } from './import-csv-file';
import { ReviewTable } from './review-table';
import { SendProgress } from './send-progress';
import { useRowSelection } from './use-row-selection';

type Step =
  | { step: 'upload'; error?: string }
  | { step: 'reading'; fileName: string; progress: number }
  | { step: 'review'; fileName: string; result: CsvImportResult }
  | { step: 'sending'; jobId: string; total: number };

const noHeaderHint =
  'The first row must be a header row naming the columns: Email, an address column and Market Value.';

/** §2 Bulk import dialog (Pro): upload a CSV, review the offers, export them for the CRM or e-mail them to the owners. */
export function BulkImportDialog({
  open,
  onClose,
  template,
}: {
  open: boolean;
  onClose: () => void;
  template: FormulaTemplate;
}) {
  const [state, setState] = useState<Step>({ step: 'upload' });
  const importAbort = useRef<AbortController | null>(null);
  // The import worker holds the reviewed rows; it ends when the review does.
  const reviewed = state.step === 'review' ? state.result.properties : null;
  useEffect(() => () => reviewed?.dispose(), [reviewed]);
  // A worker started while the user picks a file has its script loaded when the file comes.
  const spareWorker = useRef<Worker | null>(null);
  useEffect(() => {
    if (open && state.step === 'upload') {
      spareWorker.current ??= startCsvImportWorker();
    } else if (!open) {
      spareWorker.current?.terminate();
      spareWorker.current = null;
    }
  }, [open, state.step]);
  useEffect(
    () => () => {
      spareWorker.current?.terminate();
      spareWorker.current = null;
    },
    [],
  );
  // Polled here, not in the step's view, so progress and the end toasts go on while the window is closed.
  const sending = state.step === 'sending' ? state : null;
  const { data: progress, isError: progressError } = useBulkSendProgress(sending?.jobId ?? null, (finished) => {
    if (finished.failed > 0) notify.error(bulkImportMessages.sendFailed(finished.failed));
    if (finished.sent > 0) notify.success(bulkImportMessages.sent(finished.sent));
    // §4: when all selected are sent, the flow closes.
    if (finished.sent === finished.total) {
      setState({ step: 'upload' });
      onClose();
    }
  });

  const close = () => {
    if (state.step === 'reading') {
      importAbort.current?.abort();
      setState({ step: 'upload' });
    }
    onClose();
  };

  async function startImport(file: File) {
    const refused = checkCsvFile(file);
    if (refused) {
      notify.error(refused);
      setState({ step: 'upload', error: refused });
      return;
    }
    const abort = new AbortController();
    importAbort.current = abort;
    setState({ step: 'reading', fileName: file.name, progress: 0 });
    try {
      const worker = spareWorker.current ?? undefined;
      spareWorker.current = null;
      const result = await importCsvFile(file, template, {
        worker,
        signal: abort.signal,
        onProgress: (progress) =>
          setState((current) => (current.step === 'reading' ? { ...current, progress } : current)),
      });
      const message =
        result.outcome === 'noData'
          ? bulkImportMessages.noData
          : result.outcome === 'ok'
            ? null
            : bulkImportMessages.noValidProperties;
      if (message) {
        notify.error(message);
        setState({ step: 'upload', error: result.outcome === 'noHeader' ? `${message}. ${noHeaderHint}` : message });
        return;
      }
      setState({ step: 'review', fileName: file.name, result });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const message =
        error instanceof CsvImportError && error.kind === 'process'
          ? bulkImportMessages.processingError
          : bulkImportMessages.readError;
      notify.error(message);
      setState({ step: 'upload', error: message });
    }
  }

  return (
    <Modal title="Bulk Import" open={open} onClose={close} size="large">
      <div className="bulk-import">
        {state.step === 'upload' && (
          <UploadStep error={state.error} template={template} onFile={(file) => void startImport(file)} />
        )}
        {state.step === 'reading' && (
          <div className="bulk-reading">
            <p id="bulk-reading-label">
              Reading <strong>{state.fileName}</strong>… {Math.round(state.progress * 100)}%
            </p>
            <progress className="bulk-progress" max={1} value={state.progress} aria-labelledby="bulk-reading-label" />
            <div className="modal-actions">
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  importAbort.current?.abort();
                  setState({ step: 'upload' });
                }}
              >
                Cancel
              </button>
            </div>
          </div>
        )}
        {state.step === 'review' && (
          <ReviewStep
            fileName={state.fileName}
            result={state.result}
            onChooseAnother={() => setState({ step: 'upload' })}
            onSending={(jobId, total) => setState({ step: 'sending', jobId, total })}
          />
        )}
        {state.step === 'sending' && (
          <SendProgress
            total={state.total}
            progress={progress?.id === state.jobId ? progress : undefined}
            reconnecting={progressError}
            onClose={() => {
              if (progress?.finished) setState({ step: 'upload' });
              onClose();
            }}
          />
        )}
      </div>
    </Modal>
  );
}

function UploadStep({
  error,
  template,
  onFile,
}: {
  error?: string;
  template: FormulaTemplate;
  onFile: (file: File) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div className="bulk-upload">
      <div
        className={dragging ? 'bulk-dropzone bulk-dropzone-active' : 'bulk-dropzone'}
        data-testid="bulk-dropzone"
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p className="bulk-dropzone-title">Drag and drop a CSV file here</p>
        <p className="muted">or</p>
        <label className="button button-primary">
          Browse files
          <input
            className="visually-hidden"
            type="file"
            accept=".csv,text/csv"
            aria-label="Choose a CSV file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onFile(file);
            }}
          />
        </label>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <h3 className="bulk-requirements-title">File requirements</h3>
      <ul className="bulk-requirements">
        <li>A .csv file smaller than 50 MB, whose first row names the columns.</li>
        <li>
          An e-mail column named <code>Email</code>, <code>Email 2</code> or <code>email</code>.
        </li>
        <li>An address column (any column with “address” in its name) with a street number; PO boxes are skipped.</li>
        <li>
          A market value column: <code>Market Value</code>, <code>MarketValue</code>, <code>marketvalue</code> or{' '}
          <code>MARKET_VALUE</code> ($ signs and commas are fine).
        </li>
        <li>
          Optional: <code>First Name</code> and <code>Last Name</code>.
        </li>
      </ul>
      <p className="muted">
        Offers use the <strong>{template.name}</strong> formula. Rows that do not meet these rules are skipped and
        listed with the reason.
      </p>
    </div>
  );
}

const FAILURES_LISTED = 1000;

function ReviewStep({
  fileName,
  result,
  onChooseAnother,
  onSending,
}: {
  fileName: string;
  result: CsvImportResult;
  onChooseAnother: () => void;
  onSending: (jobId: string, total: number) => void;
}) {
  const { properties, failures, template } = result;
  const selection = useRowSelection(properties.length);
  const startSend = useStartBulkSend();
  const count = (value: number) => value.toLocaleString('en-US');

  const [busy, setBusy] = useState(false);

  const exportCsv = async () => {
    if (selection.count === 0) return notify.error(bulkImportMessages.selectAtLeastOne);
    setBusy(true);
    try {
      const {
        fileName: name,
        file,
        count: exported,
      } = await properties.exportCsv(selection.selectedIndexes(), localDate());
      downloadFile(name, file);
      notify.success(bulkImportMessages.exported(exported));
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    if (selection.count === 0) return notify.error(bulkImportMessages.selectAtLeastOne);
    if (selection.count > MAX_BULK_SEND_PROPERTIES) return notify.error(bulkImportMessages.tooManyToSend);
    setBusy(true);
    try {
      const { body } = await properties.sendBody(selection.selectedIndexes());
      startSend.mutate(body, {
        onSuccess: ({ jobId, total }) => onSending(jobId, total),
        onError: (error) => notify.error(error.message),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="bulk-review">
      <div className="bulk-review-summary">
        <p role="status" className="bulk-count">
          {count(selection.count)} of {count(properties.length)} properties selected ({count(failures.length)} failed)
        </p>
        <p className="muted">
          From <strong>{fileName}</strong>, offers by the <strong>{template.name}</strong> formula.
        </p>
      </div>
      <ReviewTable properties={properties} selection={selection} />
      {failures.length > 0 && (
        <details className="bulk-failures">
          <summary>
            {count(failures.length)} {failures.length === 1 ? 'row was' : 'rows were'} skipped: see why
          </summary>
          <ul>
            {failures.slice(0, FAILURES_LISTED).map((failure) => (
              <li key={failure.row}>
                Row {failure.row}: {failure.reason}
              </li>
            ))}
          </ul>
          {failures.length > FAILURES_LISTED && (
            <p className="muted">…and {count(failures.length - FAILURES_LISTED)} more.</p>
          )}
        </details>
      )}
      <div className="modal-actions bulk-actions">
        <button type="button" className="button button-secondary" onClick={onChooseAnother}>
          Choose another file
        </button>
        <button type="button" className="button button-secondary" onClick={() => void exportCsv()} disabled={busy}>
          Export to GHL
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void send()}
          disabled={busy || startSend.isPending}
        >
          {startSend.isPending ? 'Starting…' : 'Send Selected Offers'}
        </button>
      </div>
    </div>
  );
}
