import { Link } from 'react-router';
import { formatMoney } from '#domain/money/format-money.ts';
import { prospectTouchLabels } from '#domain/prospects/prospect-touch.ts';
import { useMay } from '#web/api/use-workspace.ts';
import { LocalDateTime } from '#web/components/local-date-time.tsx';
import { Modal } from '#web/components/modal.tsx';
import { PromoteProspectForm } from './promote-prospect-form';
import { channelLabels, StatusBadge } from './prospect-labels';
import { useProspect } from './prospects-api';

/** One prospect: how to reach them, the offers sent, every touch (newest first), and "Promote to lead". */
export function ProspectDetailDialog({ prospectId, onClose }: { prospectId: string | null; onClose: () => void }) {
  const detail = useProspect(prospectId);
  const mayPromote = useMay()('bulk-send-and-export');
  const prospect = detail.data?.prospect;
  return (
    <Modal title={prospect?.name ?? 'Prospect'} open={prospectId !== null} onClose={onClose} size="large">
      {detail.isPending ? (
        <p role="status">Loading...</p>
      ) : detail.isError || !prospect ? (
        <p role="alert">We could not load this prospect. Please try again.</p>
      ) : (
        <div className="prospect-detail">
          <p>
            <StatusBadge status={prospect.status} />
            {prospect.leadId && (
              <>
                {' '}
                <Link to={`/leads/${prospect.leadId}`}>Open the lead</Link>
              </>
            )}
          </p>
          <dl className="prospect-facts">
            <div>
              <dt>Property</dt>
              <dd>{[prospect.address, prospect.city, prospect.state, prospect.zip].filter(Boolean).join(', ')}</dd>
            </div>
            <div>
              <dt>Mailing address</dt>
              <dd>
                {prospect.mailingAddress
                  ? [
                      prospect.mailingAddress.street,
                      prospect.mailingAddress.city,
                      prospect.mailingAddress.state,
                      prospect.mailingAddress.zip,
                    ].join(', ')
                  : 'The property'}
              </dd>
            </div>
            <div>
              <dt>E-mail</dt>
              <dd>{prospect.emails.join(', ') || 'None'}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{prospect.phones.join(', ') || 'None'}</dd>
            </div>
            <div>
              <dt>Channels</dt>
              <dd>{prospect.channels.map((channel) => channelLabels[channel]).join(', ') || 'None'}</dd>
            </div>
          </dl>
          <h3>Sends</h3>
          <ul className="prospect-sends">
            {detail.data.sends.map((send) => (
              <li key={`${send.sendId}-${send.sentAt}`}>
                <LocalDateTime iso={send.sentAt} />: {formatMoney(send.offerRange.low)} to{' '}
                {formatMoney(send.offerRange.high)}
                {send.status === 'skipped' || send.status === 'failed'
                  ? ` (not sent: ${send.reason ?? send.status})`
                  : ''}
              </li>
            ))}
          </ul>
          <h3>Touches</h3>
          {detail.data.touches.length === 0 ? (
            <p className="muted">No touch yet: their offer is waiting its turn.</p>
          ) : (
            <ol className="prospect-touches" aria-label="Touches, newest first">
              {detail.data.touches.map((touch) => (
                <li key={touch.id}>
                  <strong>{prospectTouchLabels[touch.kind]}</strong> <LocalDateTime iso={touch.at} />
                  {touch.detail && <span className="muted">: {touch.detail}</span>}
                  {touch.actorName && <span className="muted"> (by {touch.actorName})</span>}
                </li>
              ))}
            </ol>
          )}
          {!prospect.leadId && mayPromote && (
            <PromoteProspectForm prospectId={prospect.id} onPromoted={() => void detail.refetch()} />
          )}
        </div>
      )}
    </Modal>
  );
}
