import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { bulkImportMessages, MAX_BULK_SEND_PROPERTIES } from '#domain/bulk-import/bulk-import-messages.ts';
import { mailMessages, type MailFormat } from '#domain/mail/mail-send-request.ts';
import type { ApiError } from '#web/api/api-client.ts';
import { lobSettingsQuery } from '#web/api/lob-settings-query.ts';
import { notify } from '#web/components/notify.ts';
import { isSenderRequirement, SenderRequirement } from '#web/components/sender-requirement.tsx';
import type { ImportedProperties } from './imported-properties';
import { printRunDownloads, useStartLobSend, useStartPrintRun, type StartedMailSend } from './mail-send-api';

interface PrintedRun extends StartedMailSend {
  /** Selected rows never posted: they had no mailing address. */
  withoutAddress: number;
}

/** The skipped rows' reasons, each with how many rows it holds, most first. */
function reasonsOf(run: PrintedRun): [string, number][] {
  const counts = new Map<string, number>();
  if (run.withoutAddress > 0) counts.set(mailMessages.noMailingAddress, run.withoutAddress);
  for (const { reason } of run.skipped) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

const count = (value: number) => value.toLocaleString('en-US');

/**
 * The review's mail actions (issue 41): "Print them yourself" stores a send of the selected rows that
 * can go by mail and offers its letters PDF and mail-house CSV; "Mail with Lob" (a workspace with a
 * Lob key) stores them, then `onLobSend` opens the confirm page (Lob verifies the addresses there). The server skips rows it
 * cannot mail (do-not-mail list, same property twice) and says why; so does this.
 */
export function MailSelected({
  properties,
  selectedIndexes,
  selectedCount,
  onLobSend,
}: {
  properties: ImportedProperties;
  selectedIndexes: () => Uint32Array;
  selectedCount: number;
  onLobSend: (sendId: string) => void;
}) {
  const formatId = useId();
  const [format, setFormat] = useState<MailFormat>('letter');
  const [busy, setBusy] = useState(false);
  const [printed, setPrinted] = useState<PrintedRun | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const printRun = useStartPrintRun();
  const lobSend = useStartLobSend();
  const lob = useQuery(lobSettingsQuery);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (printed) resultHeading.current?.focus();
  }, [printed]);

  const start = async (way: 'print' | 'lob') => {
    if (selectedCount === 0) return notify.error(bulkImportMessages.selectAtLeastOne);
    if (selectedCount > MAX_BULK_SEND_PROPERTIES) return notify.error(bulkImportMessages.tooManyToSend);
    setBusy(true);
    try {
      const { body, count: mailing, withoutAddress } = await properties.mailBody(selectedIndexes(), { format });
      if (mailing === 0) return notify.error(mailMessages.noMailingAddress);
      setRefusal(null);
      setPrinted(null);
      const onError = (error: Error) => {
        if (isSenderRequirement(error)) setRefusal(error);
        else notify.error(error.message);
      };
      if (way === 'print')
        printRun.mutate(body, { onSuccess: (run) => setPrinted({ ...run, withoutAddress }), onError });
      else lobSend.mutate(body, { onSuccess: ({ sendId }) => onLobSend(sendId), onError });
    } finally {
      setBusy(false);
    }
  };

  const pending = busy || printRun.isPending || lobSend.isPending;
  const downloads = printed && printRunDownloads(printed.sendId);
  const reasons = printed ? reasonsOf(printed) : [];

  return (
    <div className="bulk-mail">
      <div className="bulk-mail-actions">
        <label htmlFor={formatId}>Mail as</label>
        <select id={formatId} value={format} onChange={(event) => setFormat(event.target.value as MailFormat)}>
          <option value="letter">Letter</option>
          <option value="postcard">Postcard</option>
        </select>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void start('print')}
          disabled={pending}
        >
          {printRun.isPending ? 'Preparing…' : 'Print them yourself'}
        </button>
        {lob.data?.configured && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void start('lob')}
            disabled={pending}
          >
            {lobSend.isPending ? 'Preparing the send…' : 'Mail with Lob'}
          </button>
        )}
      </div>
      {refusal && <SenderRequirement refusal={refusal} />}
      <div role="status" className="bulk-mail-result">
        {printed && downloads && (
          <>
            <h3 ref={resultHeading} tabIndex={-1}>
              {count(printed.pieces)} {printed.pieces === 1 ? 'piece' : 'pieces'} ready to print for{' '}
              {count(printed.properties)} {printed.properties === 1 ? 'property' : 'properties'}
            </h3>
            {reasons.length > 0 && (
              <>
                <p>{count(reasons.reduce((sum, [, rows]) => sum + rows, 0))} selected not mailed:</p>
                <ul>
                  {reasons.map(([reason, rows]) => (
                    <li key={reason}>
                      {reason} ({count(rows)})
                    </li>
                  ))}
                </ul>
              </>
            )}
            <p className="bulk-mail-downloads">
              <a className="button button-primary" href={downloads.letters} download>
                Download the letters (PDF)
              </a>
              <a className="button button-secondary" href={downloads.mailHouse} download>
                Download the mail-house CSV
              </a>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
