import { useEffect, useState } from 'react';
import { parseDesiredPrice } from '#domain/leads/desired-price.ts';
import type { LeadRequestInput } from '#domain/leads/lead-request-schema.ts';
import { negotiationOutcome, type NegotiatorType } from '#domain/leads/negotiation-outcome.ts';
import { formatMoney, formatMoneyRange } from '#domain/money/format-money.ts';
import type { OfferRange } from '#domain/offer/compute-offer-range.ts';
import { Modal } from '#web/components/modal.tsx';
import { notify } from '#web/components/notify.ts';
import { TextField } from '#web/components/text-field.tsx';
import { leadErrorMessage, useSubmitLead } from './leads-api';

type CounterLeadInput = Extract<LeadRequestInput, { kind: 'counter' }>;

export interface NegotiableOffer {
  address: string;
  marketValue: number;
  offerRange: OfferRange;
}

interface NegotiateOfferDialogProps {
  open: boolean;
  offer: NegotiableOffer;
  userType: NegotiatorType;
  onClose: () => void;
  /** §4: a homeowner asked for more than 82% of market value; show the programme information. */
  onNeedsProgram: (desiredPrice: number) => void;
  /** §4: the counter-offer was accepted and recorded. */
  onAccepted: (desiredPrice: number) => void;
}

/** §2 'Negotiate Offer': the current range, a 'Your Desired Price' number field and Submit. */
export function NegotiateOfferDialog({
  open,
  offer,
  userType,
  onClose,
  onNeedsProgram,
  onAccepted,
}: NegotiateOfferDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  const record = useSubmitLead<CounterLeadInput>({
    onSuccess: ({ desiredPrice }) => {
      notify.success(`Your counter-offer of ${formatMoney(desiredPrice)} has been accepted!`);
      setText('');
      onAccepted(desiredPrice);
    },
    onError: (failure) => notify.error(leadErrorMessage(failure, 'Failed to submit form. Please try again.')),
  });

  // The one field takes the focus (the dialog would give it to Close). This parent's effect runs
  // after the Modal's, which has opened the dialog by then.
  useEffect(() => {
    if (open) document.getElementById('desired-price')?.focus();
  }, [open]);

  const close = () => {
    setError(undefined);
    onClose();
  };

  return (
    <Modal title="Negotiate Offer" open={open} onClose={close}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = parseDesiredPrice(text);
          if (!parsed.ok) {
            setError(parsed.message);
            return;
          }
          setError(undefined);
          const outcome = negotiationOutcome({ desiredPrice: parsed.value, marketValue: offer.marketValue, userType });
          if (outcome === 'needs-program-info') onNeedsProgram(parsed.value);
          else {
            const { address, marketValue, offerRange } = offer;
            record.mutate({ kind: 'counter', address, marketValue, offerRange, desiredPrice: parsed.value, userType });
          }
        }}
      >
        <p className="negotiate-current">
          <span className="muted">Current offer</span>
          <strong>{formatMoneyRange(offer.offerRange)}</strong>
        </p>
        <TextField
          id="desired-price"
          label="Your Desired Price"
          type="number"
          placeholder="e.g. 130000"
          value={text}
          error={error}
          onChange={(value) => {
            setText(value);
            setError(undefined);
          }}
        />
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={record.isPending}>
            {record.isPending ? 'Submitting...' : 'Submit'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
