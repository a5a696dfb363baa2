import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrors } from '../../../domain/validation/field-errors';
import { formatPhoneInput } from '../../../domain/contact/phone';
import {
  MAX_NOTES_LENGTH,
  MlsProgramSchema,
  PROPERTY_CONDITIONS,
  SALE_TIMEFRAMES,
  timeframeLabel,
  type MlsProgram,
  type MlsProgramInput,
} from '../../../domain/leads/mls-program-schema';
import type { OfferRange } from '../../../domain/offer/compute-offer-range';
import { Modal } from '../../components/modal';
import { notify } from '../../components/notify';
import { TextField } from '../../components/text-field';
import { leadErrorMessage, submitLead } from './leads-api';
import { SelectField } from './select-field';
import { TextAreaField } from './text-area-field';

type FieldName = keyof MlsProgramInput;
/** The form as typed: selects hold '' until a choice is made. */
type FormValues = Record<FieldName, string>;

const FIELD_ORDER: readonly FieldName[] = ['fullName', 'phone', 'email', 'address', 'condition', 'timeframe', 'notes'];
const conditionOptions = PROPERTY_CONDITIONS.map((value) => ({ value, label: value }));
const timeframeOptions = SALE_TIMEFRAMES.map((value) => ({ value, label: timeframeLabel(value) }));

interface ProgramDetailsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The offer the homeowner came from: the address prefills the form, the figures go with the request. */
  offer: { address: string; marketValue: number; range: OfferRange };
  desiredPrice: number | undefined;
}

/** §2/§3/§5 'MLS/Retail Program Details': every field but notes required; §8 toasts on success and failure. */
export function ProgramDetailsDialog({ open, onClose, offer, desiredPrice }: ProgramDetailsDialogProps) {
  const blank: FormValues = {
    fullName: '',
    phone: '',
    email: '',
    address: offer.address,
    condition: '',
    timeframe: '',
    notes: '',
  };
  const [values, setValues] = useState<FormValues>(blank);
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});

  const validation = MlsProgramSchema.safeParse(values);
  const errors = fieldErrors(validation);
  const errorFor = (field: FieldName) => (touched[field] ? errors[field] : undefined);
  const set = (field: FieldName) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const touch = (field: FieldName) => () => setTouched((current) => ({ ...current, [field]: true }));

  const submit = useMutation({
    mutationFn: (program: MlsProgram) =>
      submitLead({
        kind: 'program',
        ...program,
        marketValue: offer.marketValue,
        offerRange: offer.range,
        desiredPrice,
      }),
    onSuccess: () => {
      notify.success('Your information has been submitted successfully!');
      setValues(blank);
      setTouched({});
      onClose();
    },
    onError: (failure) => notify.error(leadErrorMessage(failure, 'Failed to submit form. Please try again.')),
  });

  return (
    <Modal title="MLS/Retail Program Details" open={open} onClose={onClose} size="large">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (validation.success) {
            submit.mutate(validation.data);
            return;
          }
          // Show every message and take the keyboard to the first field to fix.
          setTouched(Object.fromEntries(FIELD_ORDER.map((field) => [field, true])));
          const first = FIELD_ORDER.find((field) => errors[field]);
          if (first) document.getElementById(`program-${first}`)?.focus();
        }}
      >
        <p className="muted">
          Tell us about your home and a program specialist will contact you. Every field except the notes is required.
        </p>
        <div className="form-grid">
          <TextField
            id="program-fullName"
            label="Full Name"
            autoComplete="name"
            value={values.fullName}
            error={errorFor('fullName')}
            onChange={set('fullName')}
            onBlur={touch('fullName')}
          />
          <TextField
            id="program-phone"
            label="Phone"
            type="tel"
            autoComplete="tel"
            placeholder="555-123-4567"
            value={values.phone}
            error={errorFor('phone')}
            onChange={(value) => set('phone')(formatPhoneInput(value))}
            onBlur={touch('phone')}
          />
          <TextField
            id="program-email"
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            error={errorFor('email')}
            onChange={set('email')}
            onBlur={touch('email')}
          />
          <TextField
            id="program-address"
            label="Property Address"
            autoComplete="street-address"
            value={values.address}
            error={errorFor('address')}
            onChange={set('address')}
            onBlur={touch('address')}
          />
          <SelectField
            id="program-condition"
            label="Property Condition"
            placeholder="Select condition"
            options={conditionOptions}
            value={values.condition}
            error={errorFor('condition')}
            onChange={set('condition')}
            onBlur={touch('condition')}
          />
          <SelectField
            id="program-timeframe"
            label="Timeframe to Sell"
            placeholder="Select timeframe"
            options={timeframeOptions}
            value={values.timeframe}
            error={errorFor('timeframe')}
            onChange={set('timeframe')}
            onBlur={touch('timeframe')}
          />
        </div>
        <TextAreaField
          id="program-notes"
          label="Additional Notes (optional)"
          maxLength={MAX_NOTES_LENGTH}
          value={values.notes}
          error={errorFor('notes')}
          onChange={set('notes')}
          onBlur={touch('notes')}
        />
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={submit.isPending}>
            {submit.isPending ? 'Submitting...' : 'Submit'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
