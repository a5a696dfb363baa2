import { integrationMessages } from '#domain/integrations/integration-messages.ts';
import { SheetsSettingsSchema } from '#domain/integrations/sheets-settings-schema.ts';
import { ApiError } from '#web/api/api-client.ts';
import { useMay } from '#web/api/use-workspace.ts';
import { notify } from '#web/components/notify.ts';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { IntegrationTestResult } from './integration-test-result';
import {
  useRemoveSheetsSettings,
  useSaveSheetsSettings,
  useSheetsSettings,
  useTestSheetsWebhook,
} from './sheets-settings-api';
import { StatusDot } from './status-dot';

/** Test page, Google Sheets card: the user's own spreadsheet webhook (used before the server's), saved, tested for real and removed. */
export function SheetsIntegrationCard() {
  const settings = useSheetsSettings();
  const save = useSaveSheetsSettings();
  const remove = useRemoveSheetsSettings();
  const form = useSchemaForm(SheetsSettingsSchema, { webhookUrl: '' });
  const test = useTestSheetsWebhook();
  // Saving, testing and removing the workspace's webhook are for those who manage it (issue 26).
  const manages = useMay()('manage-workspace');

  const view = settings.data;
  const status = !view
    ? { dot: 'checking' as const, text: 'Checking...' }
    : view.configured
      ? { dot: 'ok' as const, text: `Your spreadsheet webhook at ${view.host}` }
      : view.operatorWebhook
        ? { dot: 'ok' as const, text: 'Using this site’s spreadsheet webhook (add your own to use your sheet)' }
        : { dot: 'missing' as const, text: 'No spreadsheet connected' };

  return (
    <article className="card integration-card" aria-labelledby="sheets-card-title">
      <h2 id="sheets-card-title" className="card-title">
        Google Sheets
      </h2>
      <p className="integration-status">
        <StatusDot state={status.dot} />
        <span>{status.text}</span>
      </p>
      {!manages && <p className="muted">{integrationMessages.managedByOwnerOrManager}</p>}
      {manages && (
        <form
          noValidate
          onSubmit={form.handleSubmit((valid) =>
            save
              .mutateAsync(valid)
              .then(() => {
                notify.success('Spreadsheet webhook saved');
                form.reset();
                test.reset();
              })
              .catch((error: unknown) => {
                if (error instanceof ApiError && error.field === 'webhookUrl')
                  form.showError('webhookUrl', error.message);
                else notify.error('Failed to save the webhook. Please try again.');
              }),
          )}
        >
          <TextField
            id="sheets-webhook-url"
            label="Your spreadsheet webhook (https)"
            type="url"
            placeholder="https://script.google.com/macros/s/…/exec"
            {...form.field('webhookUrl')}
          />
          <div className="integration-actions">
            <button type="submit" className="button button-secondary" disabled={form.submitting}>
              {form.submitting ? 'Saving...' : view?.configured ? 'Replace webhook' : 'Save webhook'}
            </button>
            <button
              type="button"
              className="button button-primary"
              disabled={!view || (!view.configured && !view.operatorWebhook) || test.isPending}
              onClick={() => test.mutate()}
            >
              {test.isPending ? 'Sending...' : 'Send a test row'}
            </button>
            {view?.configured && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() =>
                  remove.mutate(undefined, { onSuccess: () => notify.success('Spreadsheet webhook removed') })
                }
              >
                Remove webhook
              </button>
            )}
          </div>
        </form>
      )}
      <IntegrationTestResult data={test.data} error={test.error} failedText="Failed to export to Google Sheets" />
      <p className="muted integration-detail">
        A webhook receives one row per export as JSON: a Google Apps Script web app bound to your sheet, or a Zapier or
        Make hook that adds a row.
      </p>
    </article>
  );
}
