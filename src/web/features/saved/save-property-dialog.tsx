import { useNavigate } from 'react-router';
import { MAX_PHONES, SaveContactSchema, type SaveContact } from '#domain/contact/contact-schema.ts';
import { formatPhoneInput } from '#domain/contact/phone.ts';
import { formatMoney } from '#domain/money/format-money.ts';
import type { SavePropertyRequest } from '#domain/properties/save-property-request.ts';
import { ApiError } from '#web/api/api-client.ts';
import { Modal } from '#web/components/modal.tsx';
import { notify } from '#web/components/notify.ts';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { useSaveLeadCalculation, useSaveProperty, useUpdateSavedProperty } from './saved-properties-api';

const emptyContact: SaveContact = { name: '', email: '', phones: [''] };

interface SavePropertyDialogProps {
  open: boolean;
  onClose: () => void;
  calculation: Omit<SavePropertyRequest, 'contact'>;
  offerRange: { low: number; high: number };
  /** Called when the session has ended and the user is sent to sign in, to keep the calculation. */
  onSignInRequired?: () => void;
  /** Called once saved, before going to /saved. */
  onSaved?: () => void;
  /** Saves this saved property again (its earlier figures kept), with its contact to start from (issue 42 §4). */
  editing?: { savedPropertyId: string; contact: SaveContact } | null;
  /** The lead these figures are for (opened from it): saved as its deal, with its homeowner to start from. */
  forLead?: { leadId: string; contact: SaveContact } | null;
}

/** §2 'Save Property' contact form: name, optional e-mail, up to five phones; Submit only when valid (§5). */
export function SavePropertyDialog({
  open,
  onClose,
  calculation,
  offerRange,
  onSignInRequired,
  onSaved,
  editing = null,
  forLead = null,
}: SavePropertyDialogProps) {
  const form = useSchemaForm(SaveContactSchema, editing?.contact ?? forLead?.contact ?? emptyContact);
  const navigate = useNavigate();

  const callbacks = {
    onSuccess: () => {
      onSaved?.();
      notify.success(editing ? 'Changes saved; the earlier version is kept.' : 'Property saved successfully!');
      form.reset();
      onClose();
      void navigate('/saved');
    },
    onError: (error: Error) => {
      if (error instanceof ApiError && error.status === 401) {
        notify.error('Please sign in to save properties');
        onSignInRequired?.();
        void navigate('/login', { state: { from: '/' } });
        return;
      }
      // The server's message for a plan limit or a failed webhook; otherwise the generic one.
      notify.error(
        error instanceof ApiError && [403, 404, 409, 502].includes(error.status)
          ? error.message
          : 'Error saving property. Please try again.',
      );
    },
  };
  const create = useSaveProperty(callbacks);
  const update = useUpdateSavedProperty(editing?.savedPropertyId ?? '', callbacks);
  const saveForLead = useSaveLeadCalculation(forLead?.leadId ?? '', callbacks);
  const save = editing ? update : forLead ? saveForLead : create;

  // Closing hides the messages and keeps what was typed.
  const close = () => {
    form.reset(form.values);
    onClose();
  };

  return (
    <Modal title={editing ? 'Save Changes' : 'Save Property'} open={open} onClose={close}>
      <form noValidate onSubmit={form.handleSubmit((contact) => save.mutate({ ...calculation, contact }))}>
        <p className="muted">
          {calculation.address} · {formatMoney(offerRange.low)} – {formatMoney(offerRange.high)}
        </p>
        <TextField id="save-name" label="Name" autoComplete="name" {...form.field('name')} />
        <TextField
          id="save-email"
          label="Email (optional)"
          type="email"
          autoComplete="email"
          {...form.field('email')}
        />
        {form.values.phones.map((_phone, index) => (
          <TextField
            key={index}
            id={`save-phone-${index}`}
            label={index === 0 ? 'Phone' : `Phone ${index + 1} (optional)`}
            type="tel"
            autoComplete={index === 0 ? 'tel' : 'off'}
            placeholder="555-123-4567"
            {...form.field(`phones.${index}`, formatPhoneInput)}
          />
        ))}
        {form.values.phones.length < MAX_PHONES && (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => form.setValues((contact) => ({ ...contact, phones: [...contact.phones, ''] }))}
          >
            Add another phone
          </button>
        )}
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={!form.valid || save.isPending}>
            {save.isPending ? 'Saving...' : 'Submit'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
