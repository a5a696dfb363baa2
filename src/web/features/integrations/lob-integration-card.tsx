import { integrationMessages } from '#domain/integrations/integration-messages.ts';
import { formatCents, LobSettingsFormSchema, lobMessages } from '#domain/mail/lob-settings.ts';
import { canBulkImport } from '#domain/plans/plans.ts';
import { ApiError } from '#web/api/api-client.ts';
import { useSession } from '#web/api/use-session.ts';
import { useSubscription } from '#web/api/use-subscription.ts';
import { useMay } from '#web/api/use-workspace.ts';
import { notify } from '#web/components/notify.ts';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { useLobSettings, useRemoveLobSettings, useSaveLobSettings, useTestLob } from './lob-settings-api';
import { StatusDot } from './status-dot';

/**
 * Integrations page, Lob card (issue 41): the workspace's own Lob key (the wholesaler pays their own
 * mail), shown only by its last four characters; the webhook address to give Lob and its signing
 * secret; the price per piece the cost confirmation uses and the monthly cap; a Test that verifies a
 * known address. A test_ key says that nothing is printed or mailed.
 */
export function LobIntegrationCard() {
  const { user } = useSession();
  const { data: planStatus } = useSubscription(Boolean(user));
  const may = useMay();
  // Mail is Pro's, for members who may bulk send: the server refuses anyone else, so nobody else asks.
  const mails = Boolean(planStatus && canBulkImport(planStatus.plan) && may('bulk-send-and-export'));
  const settings = useLobSettings(mails);
  const test = useTestLob();
  const manages = may('manage-workspace');
  if (!mails) return null;
  const view = settings.data;

  const status = settings.isError
    ? { dot: 'missing' as const, text: settings.error.message }
    : !view
      ? { dot: 'checking' as const, text: 'Checking...' }
      : view.configured
        ? { dot: 'ok' as const, text: `Lob key ending in ${view.last4 || '••••'}` }
        : view.unreadable
          ? { dot: 'missing' as const, text: lobMessages.keyUnreadable }
          : { dot: 'missing' as const, text: 'No Lob key: mail sends are printed by you' };

  return (
    <article className="card integration-card" aria-labelledby="lob-card-title">
      <h2 id="lob-card-title" className="card-title">
        Lob (print and mail)
      </h2>
      <p className="integration-status">
        <StatusDot state={status.dot} />
        <span>{status.text}</span>
      </p>
      {view?.testMode && (
        <p className="banner banner-warning" role="note">
          {lobMessages.testMode}
        </p>
      )}
      {view && (
        <>
          <p className="integration-detail">
            Webhook address for Lob’s dashboard: <code>{view.webhookUrl}</code>
          </p>
          <p className="muted integration-detail">
            {view.webhookSecretSaved
              ? 'Its signing secret is saved.'
              : 'No signing secret saved: every tracking event is refused until you save it.'}{' '}
            Price per piece {formatCents(view.pricePerPieceCents)}; at most{' '}
            {view.monthlyPieceCap.toLocaleString('en-US')} pieces a month.
          </p>
        </>
      )}
      {!manages && <p className="muted">{integrationMessages.managedByOwnerOrManager}</p>}
      {manages && view && (
        <LobSettingsForm
          view={view}
          onTest={() => test.mutate()}
          testing={test.isPending}
          onSaved={() => test.reset()}
        />
      )}
      <p
        className={`integration-result ${test.data ? (test.data.ok ? 'integration-result-ok' : 'integration-result-error') : test.error ? 'integration-result-error' : ''}`}
        role="status"
      >
        {test.data?.detail ?? test.error?.message}
      </p>
    </article>
  );
}

type LobSettingsView = NonNullable<ReturnType<typeof useLobSettings>['data']>;

/** The settings form, drawn once the saved settings are known (its price and cap start from them). */
function LobSettingsForm({
  view,
  onTest,
  testing,
  onSaved,
}: {
  view: LobSettingsView;
  onTest: () => void;
  testing: boolean;
  onSaved: () => void;
}) {
  const save = useSaveLobSettings();
  const remove = useRemoveLobSettings();
  const form = useSchemaForm(LobSettingsFormSchema, {
    apiKey: '',
    webhookSecret: '',
    pricePerPiece: (view.pricePerPieceCents / 100).toFixed(2),
    monthlyPieceCap: String(view.monthlyPieceCap),
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((valid) =>
        save
          .mutateAsync(valid)
          .then(() => {
            notify.success('Lob settings saved');
            onSaved();
          })
          .catch((error: unknown) => {
            if (error instanceof ApiError && error.field === 'apiKey') form.showError('apiKey', error.message);
            else notify.error(error instanceof ApiError ? error.message : 'Failed to save. Please try again.');
          }),
      )}
    >
      <TextField
        id="lob-api-key"
        label={view.configured ? 'Replace the Lob API key (test_ or live_)' : 'Lob API key (test_ or live_)'}
        type="password"
        autoComplete="off"
        {...form.field('apiKey')}
      />
      <TextField
        id="lob-webhook-secret"
        label={view.webhookSecretSaved ? 'Replace the webhook signing secret' : 'Webhook signing secret'}
        type="password"
        autoComplete="off"
        {...form.field('webhookSecret')}
      />
      <TextField id="lob-price" label="Price per piece (US dollars)" {...form.field('pricePerPiece')} />
      <TextField id="lob-cap" label="Monthly piece cap" {...form.field('monthlyPieceCap')} />
      <div className="integration-actions">
        <button type="submit" className="button button-secondary" disabled={form.submitting}>
          {form.submitting ? 'Saving...' : 'Save Lob settings'}
        </button>
        <button type="button" className="button button-primary" disabled={!view.configured || testing} onClick={onTest}>
          {testing ? 'Testing...' : 'Test'}
        </button>
        {view.configured && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => remove.mutate(undefined, { onSuccess: () => notify.success('Lob key removed') })}
          >
            Remove Lob key
          </button>
        )}
      </div>
    </form>
  );
}
