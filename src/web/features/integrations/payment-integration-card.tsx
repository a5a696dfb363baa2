import { integrationMessages } from '#domain/integrations/integration-messages.ts';
import { usePublicConfig } from '#web/api/public-config.tsx';
import { notify } from '#web/components/notify.ts';
import { IntegrationTestResult } from './integration-test-result';
import { useTestStripe } from './integrations-api';
import { StatusDot } from './status-dot';

/**
 * The test page's payment card (§2). Test Payment is enabled when the server has a payment provider
 * (the original's flag never became true; here it is the server's billing mode).
 */
export function PaymentIntegrationCard() {
  const { billingMode } = usePublicConfig();
  const configured = billingMode === 'stripe';
  const test = useTestStripe({
    onSuccess: () => notify.success(integrationMessages.stripeTestPassed),
    onError: () => notify.error(integrationMessages.stripeTestFailed),
  });

  return (
    <article className="card integration-card" aria-labelledby="payment-card-title">
      <h2 id="payment-card-title" className="card-title">
        Stripe payments
      </h2>
      <p className="integration-status">
        <StatusDot state={configured ? 'ok' : 'missing'} />
        <span>
          {configured
            ? 'Payment provider configured'
            : 'Payment provider not configured: billing runs in demo mode (no payments are taken)'}
        </span>
      </p>
      <div className="integration-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!configured || test.isPending}
          onClick={() => test.mutate()}
        >
          {test.isPending ? 'Testing...' : 'Test Payment'}
        </button>
      </div>
      <IntegrationTestResult data={test.data} error={test.error} failedText={integrationMessages.stripeTestFailed} />
      <p className="field-hint">
        The test asks Stripe for the account&apos;s balance with the server&apos;s secret key: nothing is charged. The
        server is configured with STRIPE_SECRET_KEY and the related settings.
      </p>
    </article>
  );
}
