import { usePublicConfig } from '#web/api/public-config.tsx';
import { notify } from '#web/components/notify.ts';
import { useOpenBillingPortal } from './billing-api';

/** Opens the payment provider's customer portal (card, invoices, cancel); shown only when a provider is configured. */
export function ManageBillingButton() {
  const { billingMode } = usePublicConfig();
  const portal = useOpenBillingPortal();
  if (billingMode !== 'stripe') return null;
  // After a successful call the browser is leaving; stay busy until it has gone.
  const busy = portal.isPending || portal.isSuccess;
  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => portal.mutate(undefined, { onError: (error) => notify.error(error.message) })}
    >
      {busy ? 'Opening...' : 'Manage billing'}
    </button>
  );
}
