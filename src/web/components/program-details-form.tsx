import type { ReactNode } from 'react';
import { formatPhoneInput } from '#domain/contact/phone.ts';
import { MlsProgramSchema, type MlsProgram } from '#domain/leads/mls-program-schema.ts';
import { MlsProgramFields } from './mls-program-fields';
import { useSchemaForm } from './use-schema-form';

interface ProgramDetailsFormProps {
  /** What the form starts with; the address is asked only when `askAddress` (an offer's is known already). */
  initial: { fullName: string; phone: string; email: string; address: string };
  askAddress: boolean;
  /** The form's title, above the intro (a dialog has its own). */
  header?: ReactNode;
  labelledBy?: string;
  className?: string;
  intro: string;
  cancelLabel: string;
  submittingLabel: string;
  submitting: boolean;
  onSubmit: (program: MlsProgram) => void;
  onCancel: () => void;
}

/**
 * §3/§5 'MLS/Retail Program Details', wherever a homeowner asks about the program: every field but
 * notes required; a refused submit shows every message and takes the keyboard to the first field to fix.
 */
export function ProgramDetailsForm({
  initial,
  askAddress,
  header,
  labelledBy,
  className,
  intro,
  cancelLabel,
  submittingLabel,
  submitting,
  onSubmit,
  onCancel,
}: ProgramDetailsFormProps) {
  const form = useSchemaForm(MlsProgramSchema, { ...initial, condition: '', timeframe: '', notes: '' });
  return (
    <form className={className} aria-labelledby={labelledBy} noValidate onSubmit={form.handleSubmit(onSubmit)}>
      {header}
      <p className="muted">{intro}</p>
      <MlsProgramFields
        fields={{
          fullName: form.field('fullName'),
          phone: form.field('phone', formatPhoneInput),
          email: form.field('email'),
          ...(askAddress ? { address: form.field('address') } : {}),
          condition: form.field('condition'),
          timeframe: form.field('timeframe'),
          notes: form.field('notes'),
        }}
      />
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="submit" className="button button-primary" disabled={submitting}>
          {submitting ? submittingLabel : 'Submit'}
        </button>
      </div>
    </form>
  );
}
