import type { BulkSendProgress } from './bulk-send-api';

/**
 * §7 bulk send progress, live: the server sends one e-mail a second in batches of 5 and keeps
 * going if this window closes or the server restarts. Failed and skipped recipients are listed.
 */
export function SendProgress({
  total,
  progress,
  reconnecting,
  onClose,
}: {
  total: number;
  progress: BulkSendProgress | undefined;
  reconnecting: boolean;
  onClose: () => void;
}) {
  const count = (value: number) => value.toLocaleString('en-US');
  const done = progress ? progress.sent + progress.failed + progress.skipped : 0;
  const left = progress ? progress.queued + progress.sending : total;

  return (
    <div className="bulk-sending">
      <p id="bulk-sending-label" role="status">
        {progress?.finished ? 'Finished: ' : 'Sending offers: '}
        sent {count(progress?.sent ?? 0)} of {count(total)}
        {progress && progress.failed > 0 && `, ${count(progress.failed)} failed`}
        {progress && progress.skipped > 0 && `, ${count(progress.skipped)} skipped`}
      </p>
      <progress className="bulk-progress" max={total} value={done} aria-labelledby="bulk-sending-label" />
      {!progress?.finished && (
        <p className="muted">
          About one e-mail a second{left > 60 ? `: about ${Math.ceil(left / 60)} minutes left` : ''}. The server keeps
          sending if you close this window.
          {reconnecting && ' Reconnecting…'}
        </p>
      )}
      {progress && progress.problems.length > 0 && (
        <div className="bulk-failures">
          <h3>Not sent</h3>
          <ul>
            {progress.problems.map((problem) => (
              <li key={problem.position}>
                <strong>{problem.email}</strong> ({problem.address}): {problem.status}, {problem.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="modal-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {progress?.finished ? 'Done' : 'Close (sending goes on)'}
        </button>
      </div>
    </div>
  );
}
