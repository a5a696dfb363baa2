import { emailDeliveryMessages } from '#domain/email/email-delivery.ts';
import { usePublicConfig } from '#web/api/public-config.tsx';
import { OutboxNotice } from '#web/components/outbox-notice.tsx';
import type { BulkSendProgress } from './bulk-send-api';

const count = (value: number) => value.toLocaleString('en-US');

interface SendProgressStatusProps {
  progress: BulkSendProgress | undefined;
  total: number;
  reconnecting: boolean;
  cancelled: boolean;
}

/** Where a bulk send stands: sent (or written to the outbox) of how many, failed and skipped, the daily limit, the time left. */
export function SendProgressStatus({ progress, total, reconnecting, cancelled }: SendProgressStatusProps) {
  const done = progress ? progress.sent + progress.failed + progress.skipped : 0;
  const left = progress ? progress.queued + progress.sending : total;
  // Without an e-mail provider nothing is sent: the offers are written to the server's log.
  const toOutbox = usePublicConfig().emailDelivery === 'outbox';
  const working = toOutbox ? 'Writing offers to the outbox: ' : 'Sending offers: ';
  const heading = cancelled ? 'Cancelled: ' : progress?.finished ? 'Finished: ' : working;
  return (
    <>
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
    </>
  );
}

/** The recipients not sent to, each with its address, status and reason. */
export function NotSent({ problems }: { problems: BulkSendProgress['problems'] }) {
  if (problems.length === 0) return null;
  return (
    <div className="bulk-failures">
      <h3>Not sent</h3>
      <ul>
        {problems.map((problem) => (
          <li key={problem.position}>
            <strong>{problem.email}</strong> ({problem.address}): {problem.status},{' '}
            {problem.reason || emailDeliveryMessages.sendFailedFallback}
          </li>
        ))}
      </ul>
    </div>
  );
}
