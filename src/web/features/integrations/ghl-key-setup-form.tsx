import { GhlSettingsSchema } from '#domain/integrations/ghl-settings-schema.ts';
import { integrationMessages } from '#domain/integrations/integration-messages.ts';
import { useFocusOnMount } from '#web/components/focus-on-mount.ts';
import { notify } from '#web/components/notify.ts';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { useSaveGhlSettings } from './integrations-api';

interface GhlKeySetupFormProps {
  idPrefix: string;
  /** Shown in the location field when replacing a stored key (the location id is not a secret). */
  initialLocationId?: string | null;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * §2 'GoHighLevel API Key Setup': the key and the location id the CRM's contacts API needs.
 * Save is disabled while either is empty (§5); the key goes to the server, which keeps it
 * encrypted and never sends it back.
 */
export function GhlKeySetupForm({ idPrefix, initialLocationId, onSaved, onCancel }: GhlKeySetupFormProps) {
  const form = useSchemaForm(GhlSettingsSchema, { apiKey: '', locationId: initialLocationId ?? '' });
  const save = useSaveGhlSettings();
  useFocusOnMount(`${idPrefix}-api-key`);

  const { apiKey, locationId } = form.values;
  const blank = apiKey.trim() === '' || locationId.trim() === '';

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((settings) => {
        if (save.isPending) return;
        save.mutate(settings, {
          onSuccess: () => {
            notify.success(integrationMessages.apiKeySaved);
            onSaved();
          },
          onError: () => notify.error(integrationMessages.apiKeySaveFailed),
        });
      })}
    >
      <p className="muted">
        Your key is stored encrypted on this server and only its last four characters are ever shown again.
      </p>
      <TextField
        id={`${idPrefix}-api-key`}
        label="API Key"
        type="password"
        autoComplete="off"
        placeholder="pit-..."
        {...form.field('apiKey')}
      />
      <TextField id={`${idPrefix}-location-id`} label="Location ID" autoComplete="off" {...form.field('locationId')} />
      <p className="field-hint">
        In GoHighLevel, create a Private Integration (Settings → Private Integrations) with the contacts scopes and copy
        its token; the Location ID is under Settings → Business Profile.
      </p>
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={blank || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save API Key'}
        </button>
      </div>
    </form>
  );
}
