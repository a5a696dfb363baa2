import { useEffect, useId, useRef, useState } from 'react';
import { chosenProofOfFundsProblem } from '#domain/buyers/proof-of-funds-rules.ts';
import { formatPhoneInput } from '#domain/contact/phone.ts';
import { BuyerOfferFormSchema } from '#domain/deals/buyer-listing.ts';
import { formatMoney } from '#domain/money/format-money.ts';
import { ApiError } from '#web/api/api-client.ts';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useHydrated } from '#web/components/use-hydrated.ts';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { useSendBuyerOffer, type DealPageData } from './deal-page-api';

/** The file's trouble before it is sent (the server checks its content again): its type as declared, its size. */
const proofProblem = (file: File | null): string | null => (file ? chosenProofOfFundsProblem(file) : null);

type FieldName = 'amount' | 'proofOfFundsAmount' | 'name' | 'email' | 'phone' | 'message';

/**
 * The buyer's offer: the amount, proof of funds (a PDF or an image, at most 10 MB) and the funds it
 * shows, who they are, and a message, sent to the wholesaler as one form. Refusals are the
 * server's words, on the field they concern.
 */
export function BuyerOfferForm({ token, deal, onCancel }: { token: string; deal: DealPageData; onCancel: () => void }) {
  const send = useSendBuyerOffer(token);
  const hydrated = useHydrated();
  const form = useSchemaForm(BuyerOfferFormSchema, {
    amount: '',
    proofOfFundsAmount: '',
    name: deal.buyer.name,
    email: deal.buyer.email,
    phone: deal.buyer.phone,
    message: '',
  });
  const [proof, setProof] = useState<File | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const proofId = useId();
  useEffect(() => titleRef.current?.focus(), []);
  useEffect(() => {
    if (sent !== null) sentRef.current?.focus();
  }, [sent]);

  if (sent !== null) {
    return (
      <div>
        <p role="status" tabIndex={-1} ref={sentRef} className="deal-offer-sent">
          Your offer of {formatMoney(sent)} was sent. The wholesaler will contact you.
        </p>
        <button type="button" className="button button-secondary" onClick={() => setSent(null)}>
          Send another offer
        </button>
      </div>
    );
  }

  return (
    <form
      className="deal-offer-form"
      aria-labelledby="deal-offer-form-title"
      noValidate
      onSubmit={form.handleSubmit(async (values) => {
        const problem = proofProblem(proof);
        if (problem) {
          setProofError(problem);
          document.getElementById(proofId)?.focus();
          return;
        }
        try {
          await send.mutateAsync({
            fields: {
              amount: form.values.amount,
              proofOfFundsAmount: form.values.proofOfFundsAmount,
              name: values.name,
              email: values.email,
              phone: values.phone,
              message: values.message,
            },
            proofOfFunds: proof,
          });
          setSent(values.amount);
        } catch (error) {
          const field = error instanceof ApiError ? (error.field as FieldName | undefined) : undefined;
          const message =
            error instanceof ApiError && error.status < 500
              ? error.message
              : 'We could not send your offer. Please try again.';
          if (error instanceof ApiError && (error.status === 413 || error.status === 415)) {
            setProofError(message);
            document.getElementById(proofId)?.focus();
          } else {
            form.showError(field ?? 'amount', message);
          }
        }
      })}
    >
      <h3 id="deal-offer-form-title" tabIndex={-1} ref={titleRef}>
        Your offer
      </h3>
      <TextField id="deal-offer-amount" label="Offer amount" placeholder="e.g. 180000" {...form.field('amount')} />
      <div className="field">
        <label htmlFor={proofId}>Proof of funds (PDF, JPEG, PNG or WebP, up to 10 MB)</label>
        <input
          id={proofId}
          type="file"
          accept="application/pdf,image/jpeg,image/png,image/webp"
          aria-invalid={proofError ? true : undefined}
          aria-describedby={proofError ? `${proofId}-error` : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            setProof(file);
            setProofError(proofProblem(file));
          }}
        />
        {proofError && (
          <p id={`${proofId}-error`} className="field-error">
            {proofError}
          </p>
        )}
      </div>
      <TextField
        id="deal-offer-funds"
        label="Funds shown (optional)"
        placeholder="e.g. 250000"
        {...form.field('proofOfFundsAmount')}
      />
      <TextField id="deal-offer-name" label="Name" autoComplete="name" {...form.field('name')} />
      <TextField id="deal-offer-email" label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField
        id="deal-offer-phone"
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        placeholder="555-123-4567"
        {...form.field('phone', formatPhoneInput)}
      />
      <TextAreaField id="deal-offer-message" label="Message (optional)" maxLength={2000} {...form.field('message')} />
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={send.isPending || !hydrated}>
          {send.isPending ? 'Sending...' : 'Send offer'}
        </button>
      </div>
    </form>
  );
}
