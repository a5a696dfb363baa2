import { GhlIntegrationCard } from './ghl-integration-card';
import { LobIntegrationCard } from './lob-integration-card';
import { PaymentIntegrationCard } from './payment-integration-card';
import { SheetsIntegrationCard } from './sheets-integration-card';

/** §2 /test: the wholesaler's integrations, each tested with a real call. */
export function TestPage() {
  return (
    <section className="page integrations-page" aria-labelledby="test-page-title">
      <h1 id="test-page-title">Integration Tests</h1>
      <p className="muted">Each test makes a real call to the service with the stored key. No key is ever shown.</p>
      <div className="integration-grid">
        <GhlIntegrationCard />
        <SheetsIntegrationCard />
        <PaymentIntegrationCard />
        <LobIntegrationCard />
      </div>
    </section>
  );
}
