import { useState } from 'react';
import { integrationMessages } from '#domain/integrations/integration-messages.ts';
import { useMay } from '#web/api/use-workspace.ts';
import { Modal } from '#web/components/modal.tsx';
import { notify } from '#web/components/notify.ts';
import { GhlKeySetupForm } from './ghl-key-setup-form';
import { GhlPipelineStage } from './ghl-pipeline-stage';
import { IntegrationTestResult } from './integration-test-result';
import {
  isGhlKeyMissing,
  useGhlSettings,
  useRemoveGhlSettings,
  useTestGhlConnection,
  type GhlSettingsView,
} from './integrations-api';
import { StatusDot, type DotState } from './status-dot';

function keyStatus(settings: GhlSettingsView | undefined, loading: boolean): { dot: DotState; text: string } {
  if (loading || !settings) return { dot: 'checking', text: 'Checking...' };
  if (settings.configured) {
    return {
      dot: 'ok',
      text: settings.last4 ? `API key configured (ending in ${settings.last4})` : 'API key configured',
    };
  }
  if (settings.unreadable)
    return { dot: 'missing', text: 'API key can no longer be read (the server secret changed): please enter it again' };
  return { dot: 'missing', text: 'API key not found' };
}

/** §2 Test page, GoHighLevel card: key status, a real Test Connection, key set-up, replace and remove, instructions. */
export function GhlIntegrationCard() {
  const settings = useGhlSettings();
  const remove = useRemoveGhlSettings();
  const [setupOpen, setSetupOpen] = useState(false);
  const [removeOpen, setRemoveOpen] = useState(false);
  // The workspace's key and pipeline are set by those who manage it (issue 26); everyone may test it.
  const manages = useMay()('manage-workspace');
  // The result line shows the last test's outcome; saving or removing the key clears it (test.reset()).
  const test = useTestGhlConnection({
    onSuccess: () => notify.success(integrationMessages.ghlTestPassed),
    onError: (error) =>
      notify.error(isGhlKeyMissing(error) ? integrationMessages.ghlKeyNotFound : integrationMessages.ghlTestFailed),
  });

  const status = keyStatus(settings.data, settings.isPending);
  const configured = settings.data?.configured === true;

  return (
    <article className="card integration-card" aria-labelledby="ghl-card-title">
      <h2 id="ghl-card-title" className="card-title">
        GoHighLevel
      </h2>
      <p className="integration-status">
        <StatusDot state={status.dot} />
        <span>{status.text}</span>
      </p>
      {settings.data?.locationId && <p className="muted integration-detail">Location ID: {settings.data.locationId}</p>}
      <div className="integration-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!configured || test.isPending}
          onClick={() => test.mutate()}
        >
          {test.isPending ? 'Testing...' : 'Test Connection'}
        </button>
        {manages && (
          <button
            type="button"
            className="button button-secondary"
            disabled={settings.isPending}
            onClick={() => setSetupOpen(true)}
          >
            {configured ? 'Replace API Key' : 'Set Up API Key'}
          </button>
        )}
        {manages && (configured || settings.data?.unreadable) && (
          <button type="button" className="button button-secondary" onClick={() => setRemoveOpen(true)}>
            Remove API Key
          </button>
        )}
      </div>
      <IntegrationTestResult data={test.data} error={test.error} failedText={integrationMessages.ghlTestFailed} />
      {configured && manages && (
        <>
          <h3 className="integration-subtitle">Deal pipeline</h3>
          <GhlPipelineStage />
        </>
      )}

      {!manages && <p className="muted">{integrationMessages.managedByOwnerOrManager}</p>}
      {manages && <h3 className="integration-subtitle">Setup instructions</h3>}
      {manages && (
        <ol className="integration-steps">
          <li>In GoHighLevel, open the sub-account and go to Settings → Private Integrations.</li>
          <li>
            Create an integration with the contacts and opportunities scopes (view and edit each) and copy its token.
          </li>
          <li>Copy the sub-account&apos;s Location ID from Settings → Business Profile.</li>
          <li>Press {configured ? 'Replace API Key' : 'Set Up API Key'}, paste both, save, then Test Connection.</li>
          <li>Optionally choose the pipeline stage exported deals go to.</li>
        </ol>
      )}

      <Modal title="GoHighLevel API Key Setup" open={setupOpen} onClose={() => setSetupOpen(false)}>
        {setupOpen && (
          <GhlKeySetupForm
            idPrefix="ghl-settings"
            initialLocationId={settings.data?.locationId}
            onSaved={() => {
              setSetupOpen(false);
              test.reset();
            }}
            onCancel={() => setSetupOpen(false)}
          />
        )}
      </Modal>
      <Modal title="Remove API Key" open={removeOpen} onClose={() => setRemoveOpen(false)}>
        <p>Remove the stored GoHighLevel API key and location ID? Exports to GoHighLevel will ask for a key again.</p>
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={() => setRemoveOpen(false)}>
            Cancel
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  notify.success('API key removed');
                  setRemoveOpen(false);
                  test.reset();
                },
                onError: () => notify.error('Failed to remove API key'),
              })
            }
          >
            {remove.isPending ? 'Removing...' : 'Remove'}
          </button>
        </div>
      </Modal>
    </article>
  );
}
