import { emailDeliveryMessages } from '#domain/email/email-delivery.ts';
import { usePublicConfig } from '../api/public-config';

/** Beside what a screen says it e-mailed: while no provider is configured, that nothing left the server. */
export function OutboxNotice() {
  const { emailDelivery } = usePublicConfig();
  if (emailDelivery !== 'outbox') return null;
  return (
    <p className="outbox-notice" role="note">
      {emailDeliveryMessages.outboxNotice}
    </p>
  );
}
