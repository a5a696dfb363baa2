import { useEffect, useRef } from 'react';
import { formatPhoneInput } from '../../../domain/contact/phone';
import {
  MAX_NOTES_LENGTH,
  PROPERTY_CONDITIONS,
  SALE_TIMEFRAMES,
  timeframeLabel,
  type MlsProgram,
} from '../../../domain/leads/mls-program-schema';
import { SelectField } from '../../components/select-field';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { useSchemaForm } from '../../components/use-schema-form';
import { ProgramAnswerFormSchema } from './answer-forms';
import type { ContactValues } from './contact-answer-form';

const conditionOptions = PROPERTY_CONDITIONS.map((value) => ({ value, label: value }));
const timeframeOptions = SALE_TIMEFRAMES.map((value) => ({ value, label: timeframeLabel(value) }));

interface ProgramAnswerFormProps {
  wholesalerName: string;
  initialContact: ContactValues;
  submitting: boolean;
  onSubmit: (program: Omit<MlsProgram, 'address'>) => void;
  onBack: () => void;
}

/** 'MLS/Retail Program Details' for this offer's property (§5 fields; the address is the offer's). */
export function ProgramAnswerFormView({
  wholesalerName,
  initialContact,
  submitting,
  onSubmit,
  onBack,
}: ProgramAnswerFormProps) {
  const form = useSchemaForm(ProgramAnswerFormSchema, {
    fullName: initialContact.name,
    phone: initialContact.phone,
    email: initialContact.email,
    condition: '',
    timeframe: '',
    notes: '',
  });
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);

  return (
    <form
      className="offer-answer-form"
      aria-labelledby="offer-program-title"
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <h2 id="offer-program-title" className="card-title" tabIndex={-1} ref={titleRef}>
        MLS/Retail Program Details
      </h2>
      <p className="muted">Tell {wholesalerName} about your home. Every field except the notes is required.</p>
      <div className="form-grid">
        <TextField id="program-fullName" label="Full Name" autoComplete="name" {...form.field('fullName')} />
        <TextField
          id="program-phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          placeholder="555-123-4567"
          {...form.field('phone', formatPhoneInput)}
        />
        <TextField id="program-email" label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <SelectField
          id="program-condition"
          label="Property Condition"
          placeholder="Select condition"
          options={conditionOptions}
          {...form.field('condition')}
        />
        <SelectField
          id="program-timeframe"
          label="Timeframe to Sell"
          placeholder="Select timeframe"
          options={timeframeOptions}
          {...form.field('timeframe')}
        />
      </div>
      <TextAreaField
        id="program-notes"
        label="Additional Notes (optional)"
        maxLength={MAX_NOTES_LENGTH}
        {...form.field('notes')}
      />
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onBack}>
          Back
        </button>
        <button type="submit" className="button button-primary" disabled={submitting}>
          {submitting ? 'Sending...' : 'Submit'}
        </button>
      </div>
    </form>
  );
}
