import { useState } from 'react';
import { fieldErrors } from '../../../domain/validation/field-errors';
import { GhlSettingsSchema } from '../../../domain/integrations/ghl-settings-schema';
import { integrationMessages } from '../../../domain/integrations/integration-messages';
import { TextField } from '../../components/text-field';
import { notify } from '../../components/notify';
import { useFocusOnMount } from './focus-on-mount';
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
  const [apiKey, setApiKey] = useState('');
  const [locationId, setLocationId] = useState(initialLocationId ?? '');
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const save = useSaveGhlSettings();
  useFocusOnMount(`${idPrefix}-api-key`);

  const result = GhlSettingsSchema.safeParse({ apiKey, locationId });
  const errors = fieldErrors(result);
  const blank = apiKey.trim() === '' || locationId.trim() === '';

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (save.isPending) return;
        if (!result.success) {
          setTouched({ apiKey: true, locationId: true });
          return;
        }
        save.mutate(result.data, {
          onSuccess: () => {
            notify.success(integrationMessages.apiKeySaved);
            onSaved();
          },
          onError: () => notify.error(integrationMessages.apiKeySaveFailed),
        });
      }}
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
        value={apiKey}
        error={touched.apiKey ? errors.apiKey : undefined}
        onChange={setApiKey}
        onBlur={() => setTouched((current) => ({ ...current, apiKey: true }))}
      />
      <TextField
        id={`${idPrefix}-location-id`}
        label="Location ID"
        autoComplete="off"
        value={locationId}
        error={touched.locationId ? errors.locationId : undefined}
        onChange={setLocationId}
        onBlur={() => setTouched((current) => ({ ...current, locationId: true }))}
      />
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
