import { useEffect, useRef, useState } from 'react';
import { bulkImportMessages } from '../../../domain/bulk-import/bulk-import-messages';
import { emailDeliveryMessages } from '../../../domain/email/email-delivery';
import { usePublicConfig } from '../../api/public-config';
import { notify } from '../../components/notify';
import { OutboxNotice } from '../../components/outbox-notice';
import { useCancelBulkSend, type BulkSendProgress } from './bulk-send-api';

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
  const count = (value: number) => value.toLocaleString('en-US');
  const done = progress ? progress.sent + progress.failed + progress.skipped : 0;
  const left = progress ? progress.queued + progress.sending : total;
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

  // Without an e-mail provider nothing is sent: the offers are written to the server's log.
  const toOutbox = usePublicConfig().emailDelivery === 'outbox';
  const working = toOutbox ? 'Writing offers to the outbox: ' : 'Sending offers: ';
  const heading = cancelled ? 'Cancelled: ' : progress?.finished ? 'Finished: ' : working;
  const canCancel = progress !== undefined && !progress.finished && !cancelled && progress.queued > 0;

  return (
    <div className="bulk-sending">
      <p id="bulk-sending-label" role="status">
        {heading}
        {toOutbox ? 'written' : 'sent'} {count(progress?.sent ?? 0)} of {count(total)}
        {progress && progress.sending > 0 && cancelled && `, ${count(progress.sending)} still going out`}
        {progress && progress.failed > 0 && `, ${count(progress.failed)} failed`}
        {progress && progress.skipped > 0 && `, ${count(progress.skipped)} skipped`}
      </p>
      <progress className="bulk-progress" max={total} value={done} aria-labelledby="bulk-sending-label" />
      <OutboxNotice />
      {progress?.dailyLimit && (
        <p className="bulk-daily-limit" role="note">
          Daily limit reached: at most {count(progress.dailyLimit.limit)} offers a day. The remaining{' '}
          {count(progress.queued)} go out from {new Date(progress.dailyLimit.resumesAt).toLocaleString()}.
        </p>
      )}
      {!progress?.finished && !cancelled && (
        <p className="muted">
          About one e-mail a second{left > 60 ? `: about ${Math.ceil(left / 60)} minutes left` : ''}. The server keeps
          sending if you close this window.
          {reconnecting && ' Reconnecting…'}
        </p>
      )}
      {cancelled && (
        <p className="muted">
          Sending was cancelled: the offers not sent yet will not be sent. Offers already sent stay sent.
        </p>
      )}
      {progress && progress.problems.length > 0 && (
        <div className="bulk-failures">
          <h3>Not sent</h3>
          <ul>
            {progress.problems.map((problem) => (
              <li key={problem.position}>
                <strong>{problem.email}</strong> ({problem.address}): {problem.status},{' '}
                {problem.reason || emailDeliveryMessages.sendFailedFallback}
              </li>
            ))}
          </ul>
        </div>
      )}
      {confirming && canCancel && (
        <div className="bulk-cancel-confirm" role="group" aria-labelledby="bulk-cancel-question">
          <p id="bulk-cancel-question">
            Stop sending the {count(progress.queued)} offers not sent yet? This cannot be undone; offers already sent
            stay sent.
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
