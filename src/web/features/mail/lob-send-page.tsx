import { Link, useParams } from 'react-router';
import { formatCents, lobMessages } from '#domain/mail/lob-settings.ts';
import { RequireUser } from '#web/components/require-user.tsx';
import { useConfirmLobSend, useLobSend } from './lob-send-api';

const statusLabels = {
  preparing: 'Address being verified',
  undeliverable: 'Undeliverable, not mailed',
  verified: 'Verified, waiting for your confirmation',
  queued: 'Queued',
  mailed: 'Mailed',
  'in-transit': 'In transit',
  delivered: 'Delivered',
  returned: 'Returned to sender',
  failed: 'Failed',
} as const;

/**
 * /mail/lob/{sendId}: the confirm step of a send through Lob (issue 41). Shows the piece count, the
 * cost at the workspace's price per piece and the monthly cap; nothing is mailed until Confirm (the
 * server holds the confirmation). While Lob verifies the send's addresses (the server's worker),
 * their progress; then the owners Lob cannot deliver to, each with Lob's word. Then the pieces by status.
 */
export function LobSendPage() {
  return (
    <RequireUser>
      <LobSend sendId={useParams().id ?? ''} />
    </RequireUser>
  );
}

function LobSend({ sendId }: { sendId: string }) {
  const send = useLobSend(sendId);
  const confirm = useConfirmLobSend(sendId);
  const data = send.data;
  return (
    <section className="page narrow lob-send-page" aria-labelledby="lob-send-title">
      <h1 id="lob-send-title">Mail offers through Lob</h1>
      {send.isError && <p role="alert">{send.error.message}</p>}
      {!data && !send.isError && <p role="status">Loading...</p>}
      {data && (
        <>
          {data.testMode && (
            <p className="banner banner-warning" role="note">
              {lobMessages.testMode}
            </p>
          )}
          {data.preparing ? (
            // The count and cost wait for Lob's verification: an undeliverable address takes a piece off.
            <Preparing byStatus={data.byStatus} />
          ) : (
            <dl className="lob-send-figures">
              <dt>Pieces</dt>
              <dd>{data.pieces.toLocaleString('en-US')}</dd>
              <dt>Price per piece you set</dt>
              <dd>
                {formatCents(data.pricePerPieceCents)}{' '}
                <span className="muted">
                  (Lob bills your plan’s price: set yours on <Link to="/test">Integrations</Link>)
                </span>
              </dd>
              <dt>Cost</dt>
              <dd>{formatCents(data.costCents)}</dd>
              <dt>Monthly cap</dt>
              <dd>
                {data.mailedThisMonth.toLocaleString('en-US')} of {data.monthlyPieceCap.toLocaleString('en-US')} pieces
                mailed this month
              </dd>
            </dl>
          )}
          {data.confirmed ? (
            <>
              <h2>Pieces</h2>
              <ul className="lob-send-statuses">
                {Object.entries(statusLabels)
                  .filter(([status]) => data.byStatus[status as keyof typeof statusLabels] > 0)
                  .map(([status, label]) => (
                    <li key={status}>
                      {label}: {data.byStatus[status as keyof typeof statusLabels]}
                    </li>
                  ))}
              </ul>
            </>
          ) : data.preparing ? null : data.pieces === 0 ? (
            <p role="alert">{lobMessages.noneDeliverable}</p>
          ) : (
            <>
              <p id="lob-confirm-explained">
                Mail {data.pieces.toLocaleString('en-US')} {data.pieces === 1 ? 'piece' : 'pieces'} for{' '}
                {formatCents(data.costCents)}? Lob charges your account; nothing is mailed until you confirm.
              </p>
              {confirm.isError && <p role="alert">{confirm.error.message}</p>}
              <button
                type="button"
                className="button button-primary"
                aria-describedby="lob-confirm-explained"
                disabled={confirm.isPending}
                onClick={() => confirm.mutate({ pieces: data.pieces, costCents: data.costCents })}
              >
                {confirm.isPending ? 'Confirming...' : `Confirm and mail ${data.pieces.toLocaleString('en-US')}`}
              </button>
            </>
          )}
          {!data.preparing && data.undeliverable.length > 0 && (
            <section className="lob-send-undeliverable-section" aria-labelledby="lob-undeliverable-title">
              <h2 id="lob-undeliverable-title">Not mailed: Lob cannot deliver to these</h2>
              <ul className="lob-send-undeliverable">
                {data.undeliverable.map((piece, index) => (
                  <li key={index}>
                    <strong>{piece.ownerName}</strong>, {piece.mailingAddress}: {piece.reason}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </section>
  );
}

/** Lob verifying the send's addresses: how many are done, as text and as a bar, both announced politely. */
function Preparing({ byStatus }: { byStatus: Record<string, number> }) {
  const total = Object.values(byStatus).reduce((sum, count) => sum + count, 0);
  const done = total - (byStatus.preparing ?? 0);
  return (
    <div className="lob-send-preparing">
      <p role="status" id="lob-preparing-status">
        {lobMessages.preparing(done, total)}
      </p>
      <progress max={total} value={done} aria-labelledby="lob-preparing-status" />
    </div>
  );
}
