import { useEffect, useRef } from 'react';
import { formatPhoneInput } from '../../../domain/contact/phone';
import type { MlsProgram } from '../../../domain/leads/mls-program-schema';
import { MlsProgramFields } from '../../components/mls-program-fields';
import { useSchemaForm } from '../../components/use-schema-form';
import { ProgramAnswerFormSchema } from './answer-forms';
import type { ContactValues } from './contact-answer-form';

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
      <MlsProgramFields
        fields={{
          fullName: form.field('fullName'),
          phone: form.field('phone', formatPhoneInput),
          email: form.field('email'),
          condition: form.field('condition'),
          timeframe: form.field('timeframe'),
          notes: form.field('notes'),
        }}
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
