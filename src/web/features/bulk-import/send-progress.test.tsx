// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PublicConfigProvider, type PublicConfig } from '#web/api/public-config.tsx';
import type { BulkSendProgress } from './bulk-send-api';
import { SendProgress } from './send-progress';

const config = (emailDelivery: PublicConfig['emailDelivery']): PublicConfig => ({
  googleMapsApiKey: null,
  googleClientId: null,
  googleSignIn: false,
  billingMode: 'demo',
  stripePublishableKey: null,
  leadFormUrl: null,
  emailDelivery,
});

const progress = {
  id: 'job',
  status: 'done',
  total: 3,
  queued: 0,
  sending: 0,
  sent: 2,
  failed: 1,
  skipped: 0,
  finished: true,
  dailyLimit: null,
  problems: [{ position: 2, email: 'cy@example.com', address: '3 Oak St', status: 'failed', reason: '' }],
} as unknown as BulkSendProgress;

function renderProgress(emailDelivery: PublicConfig['emailDelivery']) {
  render(
    <PublicConfigProvider value={config(emailDelivery)}>
      <QueryClientProvider client={new QueryClient()}>
        <SendProgress jobId="job" total={3} progress={progress} reconnecting={false} onClose={() => {}} />
      </QueryClientProvider>
    </PublicConfigProvider>,
  );
}

afterEach(cleanup);

describe('SendProgress', () => {
  it('with an e-mail provider, says what was sent', () => {
    renderProgress('provider');
    expect(screen.getByRole('status').textContent).toBe('Finished: sent 2 of 3, 1 failed');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('without one, never says sent: the offers were written to the server log', () => {
    renderProgress('outbox');
    expect(screen.getByRole('status').textContent).toBe('Finished: written 2 of 3, 1 failed');
    expect(screen.getByRole('note').textContent).toBe('Demo: written to the server log, not delivered');
  });

  it('gives a failure that says nothing the §8 words', () => {
    renderProgress('provider');
    expect(screen.getByText(/cy@example\.com/).closest('li')?.textContent).toBe(
      'cy@example.com (3 Oak St): failed, Failed to send email',
    );
  });
});
