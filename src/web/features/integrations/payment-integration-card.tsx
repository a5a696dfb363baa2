import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { integrationMessages } from '../../../domain/integrations/integration-messages';
import { ApiError } from '../../api/api-client';
import { usePublicConfig } from '../../app/public-config';
import { notify } from '../../components/notify';
import { testStripe } from './integrations-api';
import { StatusDot } from './status-dot';

/**
 * §2 Test page, payment card. Test Payment is enabled when the server has a payment provider
 * (the original's flag never became true; here it is the server's billing mode).
 */
export function PaymentIntegrationCard() {
  const { billingMode } = usePublicConfig();
  const configured = billingMode === 'stripe';
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const test = useMutation({
    mutationFn: testStripe,
    onMutate: () => setResult(null),
    onSuccess: (answer) => {
      notify.success(integrationMessages.stripeTestPassed);
      setResult({ ok: true, text: answer.detail });
    },
    onError: (error) => {
      notify.error(integrationMessages.stripeTestFailed);
      setResult({ ok: false, text: error instanceof ApiError ? error.message : integrationMessages.stripeTestFailed });
    },
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
      <p
        className={`integration-result ${result ? (result.ok ? 'integration-result-ok' : 'integration-result-error') : ''}`}
        role="status"
      >
        {result?.text}
      </p>
      <p className="field-hint">
        The test asks Stripe for the account&apos;s balance with the server&apos;s secret key: nothing is charged. The
        server is configured with STRIPE_SECRET_KEY and the related settings.
      </p>
    </article>
  );
}
