import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { formatPhoneInput } from '#domain/contact/phone.ts';
import { MAX_NOTES_LENGTH } from '#domain/leads/mls-program-schema.ts';
import { formatMoneyRange } from '#domain/money/format-money.ts';
import type { OfferRange } from '#domain/offer/compute-offer-range.ts';
import { ContactFields } from '#web/components/contact-fields.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useHydrated } from '#web/components/use-hydrated.ts';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { ContactAnswerFormSchema, CounterAnswerFormSchema, type ContactAnswerForm } from './answer-forms';
import type { ContactAnswerKind } from './contact-answer';

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
}

const titles: Record<ContactAnswerKind, string> = {
  accept: 'Accept this offer',
  counter: 'Negotiate',
  'new-offer': 'Ask for a new offer',
};

interface ContactAnswerFormProps {
  kind: ContactAnswerKind;
  wholesalerName: string;
  offerRange: OfferRange;
  initialContact: ContactValues;
  submitting: boolean;
  onSubmit: (form: ContactAnswerForm, desiredPrice?: number) => void;
  onBack: () => void;
}

/** Accept, counter or ask again: the homeowner's contact (and price, to counter), sent to the wholesaler. */
export function ContactAnswerFormView({
  kind,
  wholesalerName,
  offerRange,
  initialContact,
  submitting,
  onSubmit,
  onBack,
}: ContactAnswerFormProps) {
  const schema: z.ZodType<ContactAnswerForm & { desiredPrice?: number }> =
    kind === 'counter' ? CounterAnswerFormSchema : ContactAnswerFormSchema;
  const form = useSchemaForm(schema, {
    desiredPrice: '',
    ...initialContact,
    message: '',
  });
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  const hydrated = useHydrated();

  return (
    <form
      className="offer-answer-form"
      aria-labelledby="offer-answer-form-title"
      noValidate
      onSubmit={form.handleSubmit(({ desiredPrice, ...contact }) => onSubmit(contact, desiredPrice))}
    >
      <h2 id="offer-answer-form-title" className="card-title" tabIndex={-1} ref={titleRef}>
        {titles[kind]}
      </h2>
      <p className="muted">
        {kind === 'counter'
          ? `The offer is ${formatMoneyRange(offerRange)}. Name your price and ${wholesalerName} will answer you.`
          : `${wholesalerName} receives your answer and contacts you. All fields except the message are required.`}
      </p>
      {kind === 'counter' && (
        <TextField
          id="answer-desired-price"
          label="Your Desired Price"
          placeholder="e.g. 130000"
          {...form.field('desiredPrice')}
        />
      )}
      <ContactFields
        idPrefix="answer"
        fields={{ name: form.field('name'), email: form.field('email'), phone: form.field('phone', formatPhoneInput) }}
      />
      <TextAreaField
        id="answer-message"
        label="Message (optional)"
        maxLength={MAX_NOTES_LENGTH}
        {...form.field('message')}
      />
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onBack}>
          Back
        </button>
        {/* Disabled until the page's code runs: the offer page is drawn by the server, and a press
            before then would submit the form natively, reloading the page and losing the answer. */}
        <button type="submit" className="button button-primary button-wrapping" disabled={submitting || !hydrated}>
          {submitting ? 'Sending...' : `Send to ${wholesalerName}`}
        </button>
      </div>
    </form>
  );
}
