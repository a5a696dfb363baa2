import { useEffect, useRef } from 'react';
import type { MlsProgram } from '#domain/leads/mls-program-schema.ts';
import { ProgramDetailsForm } from '#web/components/program-details-form.tsx';
import type { ContactValues } from './contact-answer-form';

interface ProgramAnswerFormProps {
  wholesalerName: string;
  /** The offer's property: the programme is asked about for it, so it is not asked again. */
  address: string;
  initialContact: ContactValues;
  submitting: boolean;
  onSubmit: (program: Omit<MlsProgram, 'address'>) => void;
  onBack: () => void;
}

/** 'MLS/Retail Program Details' for this offer's property (§5 fields; the address is the offer's). */
export function ProgramAnswerFormView({
  wholesalerName,
  address,
  initialContact,
  submitting,
  onSubmit,
  onBack,
}: ProgramAnswerFormProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);

  return (
    <ProgramDetailsForm
      className="offer-answer-form"
      labelledBy="offer-program-title"
      header={
        <h2 id="offer-program-title" className="card-title" tabIndex={-1} ref={titleRef}>
          MLS/Retail Program Details
        </h2>
      }
      initial={{ fullName: initialContact.name, phone: initialContact.phone, email: initialContact.email, address }}
      askAddress={false}
      intro={`Tell ${wholesalerName} about your home. Every field except the notes is required.`}
      cancelLabel="Back"
      submittingLabel="Sending..."
      submitting={submitting}
      onSubmit={({ address: _offerAddress, ...program }) => onSubmit(program)}
      onCancel={onBack}
    />
  );
}
