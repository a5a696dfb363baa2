import { useEffect, useRef, useState } from 'react';
import { bulkImportMessages } from '#domain/bulk-import/bulk-import-messages.ts';
import { notify } from '#web/components/notify.ts';
import { useCancelBulkSend, type BulkSendProgress } from './bulk-send-api';
import { NotSent, SendProgressStatus } from './send-progress-status';

/**
 * §7 bulk send progress, live: the server sends one e-mail a second in batches of 5 and keeps
 * going if this window closes or the server restarts. Failed and skipped recipients are listed.
 * The sender may stop what is not sent yet (asked once more first: it cannot be undone), and is
 * told when their daily limit holds the rest until the next day.
 */
export function SendProgress({
  jobId,
  total,
  progress,
  reconnecting,
  onClose,
}: {
  jobId: string;
  total: number;
  progress: BulkSendProgress | undefined;
  reconnecting: boolean;
  onClose: () => void;
}) {
  const cancelled = progress?.status === 'cancelled';
  const cancel = useCancelBulkSend(jobId);
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  // Keyboard users land on the question's answer, and back on the button when they keep sending.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (wasConfirming.current) cancelButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const stopSending = () =>
    cancel.mutate(undefined, {
      onSuccess: (stopped) => {
        setConfirming(false);
        notify.success(bulkImportMessages.cancelled(stopped.sent + stopped.sending));
      },
      onError: (error) => notify.error(error.message),
    });

  const canCancel = progress !== undefined && !progress.finished && !cancelled && progress.queued > 0;

  return (
    <div className="bulk-sending">
      <SendProgressStatus progress={progress} total={total} reconnecting={reconnecting} cancelled={cancelled} />
      {progress && <NotSent problems={progress.problems} />}
      {confirming && canCancel && (
        <div className="bulk-cancel-confirm" role="group" aria-labelledby="bulk-cancel-question">
          <p id="bulk-cancel-question">
            Stop sending the {progress.queued.toLocaleString('en-US')} offers not sent yet? This cannot be undone;
            offers already sent stay sent.
          </p>
          <div className="modal-actions">
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              Keep sending
            </button>
            <button
              ref={confirmButton}
              type="button"
              className="button button-danger"
              onClick={stopSending}
              disabled={cancel.isPending}
            >
              {cancel.isPending ? 'Stopping…' : 'Stop sending'}
            </button>
          </div>
        </div>
      )}
      <div className="modal-actions">
        {canCancel && !confirming && (
          <button
            ref={cancelButton}
            type="button"
            className="button button-secondary"
            onClick={() => setConfirming(true)}
          >
            Cancel sending
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={onClose}>
          {progress?.finished || cancelled ? 'Done' : 'Close (sending goes on)'}
        </button>
      </div>
    </div>
  );
}
