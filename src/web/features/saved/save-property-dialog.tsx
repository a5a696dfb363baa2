import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fieldErrors } from '../../../domain/validation/field-errors';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MAX_PHONES, SaveContactSchema, type SaveContact } from '../../../domain/contact/contact-schema';
import { formatPhoneInput } from '../../../domain/contact/phone';
import { formatMoney } from '../../../domain/money/format-money';
import type { SavePropertyRequest } from '../../../domain/properties/save-property-request';
import { api, ApiError, readJson } from '../../api/api-client';
import { Modal } from '../../components/modal';
import { TextField } from '../../components/text-field';
import { notify } from '../../components/notify';
import { subscriptionKey } from '../../api/use-subscription';
import { savedPropertiesKey } from './saved-properties-api';

const emptyContact: SaveContact = { name: '', email: '', phones: [''] };

interface SavePropertyDialogProps {
  open: boolean;
  onClose: () => void;
  calculation: Omit<SavePropertyRequest, 'contact'>;
  offerRange: { low: number; high: number };
}

/** §2 'Save Property' contact form: name, optional e-mail, up to five phones; Submit only when valid (§5). */
export function SavePropertyDialog({ open, onClose, calculation, offerRange }: SavePropertyDialogProps) {
  const [contact, setContact] = useState<SaveContact>(emptyContact);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const validation = SaveContactSchema.safeParse(contact);
  const errors = fieldErrors(validation);
  const errorFor = (field: string) => (touched[field] ? errors[field] : undefined);

  const save = useMutation({
    mutationFn: (request: SavePropertyRequest) => readJson(api.properties.$post({ json: request })),
    onSuccess: () => {
      notify.success('Property saved successfully!');
      void queryClient.invalidateQueries({ queryKey: savedPropertiesKey });
      void queryClient.invalidateQueries({ queryKey: subscriptionKey });
      setContact(emptyContact);
      setTouched({});
      onClose();
      void navigate('/saved');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        notify.error('Please sign in to save properties');
        void navigate('/login', { state: { from: '/' } });
        return;
      }
      // The server's message for a plan limit or a failed webhook; otherwise the generic one.
      notify.error(
        error instanceof ApiError && [403, 502].includes(error.status)
          ? error.message
          : 'Error saving property. Please try again.',
      );
    },
  });

  const close = () => {
    setTouched({});
    onClose();
  };

  return (
    <Modal title="Save Property" open={open} onClose={close}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (validation.success) save.mutate({ ...calculation, contact: validation.data });
        }}
      >
        <p className="muted">
          {calculation.address} · {formatMoney(offerRange.low)} – {formatMoney(offerRange.high)}
        </p>
        <TextField
          id="save-name"
          label="Name"
          autoComplete="name"
          value={contact.name}
          error={errorFor('name')}
          onChange={(name) => setContact({ ...contact, name })}
          onBlur={() => setTouched({ ...touched, name: true })}
        />
        <TextField
          id="save-email"
          label="Email (optional)"
          type="email"
          autoComplete="email"
          value={contact.email}
          error={errorFor('email')}
          onChange={(email) => setContact({ ...contact, email })}
          onBlur={() => setTouched({ ...touched, email: true })}
        />
        {contact.phones.map((phone, index) => (
          <TextField
            key={index}
            id={`save-phone-${index}`}
            label={index === 0 ? 'Phone' : `Phone ${index + 1} (optional)`}
            type="tel"
            autoComplete={index === 0 ? 'tel' : 'off'}
            placeholder="555-123-4567"
            value={phone}
            error={errorFor(`phones.${index}`)}
            onChange={(value) =>
              setContact({
                ...contact,
                phones: contact.phones.map((old, i) => (i === index ? formatPhoneInput(value) : old)),
              })
            }
            onBlur={() => setTouched({ ...touched, [`phones.${index}`]: true })}
          />
        ))}
        {contact.phones.length < MAX_PHONES && (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => setContact({ ...contact, phones: [...contact.phones, ''] })}
          >
            Add another phone
          </button>
        )}
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={!validation.success || save.isPending}>
            {save.isPending ? 'Saving...' : 'Submit'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
