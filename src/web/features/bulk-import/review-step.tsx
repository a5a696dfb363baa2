import { useId, useState } from 'react';
import { bulkImportMessages, MAX_BULK_SEND_PROPERTIES } from '#domain/bulk-import/bulk-import-messages.ts';
import type { ApiError } from '#web/api/api-client.ts';
import { notify } from '#web/components/notify.ts';
import { isSenderRequirement, SenderRequirement } from '#web/components/sender-requirement.tsx';
import { useStartBulkSend } from './bulk-send-api';
import { downloadFile, localDate } from './download-file';
import type { CsvImportResult } from './import-csv-file';
import { useKnownProperties } from './known-properties-api';
import { MailSelected } from './mail-selected';
import { RepairsForRowsForm } from './repairs-for-rows-form';
import { ReviewTable } from './review-table';
import { useRowSelection } from './use-row-selection';

/** The bulk import's review: pick the offers, then export them for the CRM or e-mail them to the owners. */
export function ReviewStep({
  fileName,
  result,
  onChooseAnother,
  onSending,
  onLobSend,
}: {
  fileName: string;
  result: CsvImportResult;
  onChooseAnother: () => void;
  onSending: (jobId: string, total: number) => void;
  /** A send through Lob was quoted: its confirm page takes over. */
  onLobSend: (sendId: string) => void;
}) {
  const { properties, failures, failedCount, template, facts } = result;
  const selection = useRowSelection(properties.length);
  const startSend = useStartBulkSend();
  const known = useKnownProperties(properties, facts.showsChannels);
  const count = (value: number) => value.toLocaleString('en-US');

  const [busy, setBusy] = useState(false);
  // On by default: most deals close after several touches, and every sequence stops when the owner answers.
  const [followUp, setFollowUp] = useState(true);
  const followUpId = useId();
  // A refusal the sender can fix (verify the e-mail, add a postal address), shown with the way to.
  const [refusal, setRefusal] = useState<ApiError | null>(null);

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
      const {
        body,
        count: sending,
        withoutEmail = 0,
        unworkable = 0,
      } = await properties.sendBody(selection.selectedIndexes(), { followUp });
      // The e-mail send takes the owners with an e-mail (§5); the others stay for mail or a call.
      if (sending === 0 && unworkable === 0) return notify.error(bulkImportMessages.noEmailInSelection);
      if (withoutEmail + unworkable > 0) notify.error(bulkImportMessages.leftOutOfSend(withoutEmail, unworkable));
      if (sending === 0) return;
      setRefusal(null);
      startSend.mutate(body, {
        onSuccess: ({ jobId, total }) => onSending(jobId, total),
        onError: (error) => {
          if (isSenderRequirement(error)) setRefusal(error);
          else notify.error(error.message);
        },
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="bulk-review">
      <div className="bulk-review-summary">
        <p role="status" className="bulk-count">
          {count(selection.count)} of {count(properties.length)} properties selected ({count(failedCount)} failed)
        </p>
        <p className="muted">
          From <strong>{fileName}</strong>, offers by the <strong>{template.name}</strong> formula.
        </p>
        {facts.emailRows < properties.length && (
          <p className="muted">
            {bulkImportMessages.mailOrCallOnly(properties.length - facts.emailRows, facts.emailRows)}
          </p>
        )}
      </div>
      {!facts.hasRepairs && <RepairsForRowsForm properties={properties} perSquareFoot={facts.hasSquareFeet} />}
      {known.size > 0 && (
        <p className="muted">
          {count(known.size)} {known.size === 1 ? 'row is' : 'rows are'} already in your workspace with other figures:
          see In your workspace.
        </p>
      )}
      <ReviewTable properties={properties} selection={selection} showsChannels={facts.showsChannels} known={known} />
      {failedCount > 0 && (
        <details className="bulk-failures">
          <summary>
            {count(failedCount)} {failedCount === 1 ? 'row was' : 'rows were'} skipped: see why
          </summary>
          <ul>
            {failures.map((failure) => (
              <li key={failure.row}>
                Row {failure.row}: {failure.reason}
              </li>
            ))}
          </ul>
          {failedCount > failures.length && <p className="muted">…and {count(failedCount - failures.length)} more.</p>}
        </details>
      )}
      <label className="bulk-follow-up" htmlFor={followUpId}>
        <input
          id={followUpId}
          type="checkbox"
          checked={followUp}
          onChange={(event) => setFollowUp(event.target.checked)}
        />
        <span>
          Follow up until they answer <span className="muted">(e-mails and a call task, days 2–30)</span>
        </span>
      </label>
      {refusal && <SenderRequirement refusal={refusal} />}
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
      {/* Mail comes after the e-mail send's actions, which stay in view on a small phone. */}
      <MailSelected
        properties={properties}
        selectedIndexes={selection.selectedIndexes}
        selectedCount={selection.count}
        onLobSend={onLobSend}
      />
    </div>
  );
}
