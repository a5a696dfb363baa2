import { useState } from 'react';
import type { OfferRange } from '#domain/offer/compute-offer-range.ts';
import { Modal } from '#web/components/modal.tsx';
import { notify } from '#web/components/notify.ts';
import { ProgramDetailsForm } from '#web/components/program-details-form.tsx';
import { leadErrorMessage, useSubmitLead } from './leads-api';

interface ProgramDetailsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The offer the homeowner came from: the address prefills the form, the figures go with the request. */
  offer: { address: string; marketValue: number; offerRange: OfferRange };
  desiredPrice: number | undefined;
}

/** §2/§3/§5 'MLS/Retail Program Details' on the calculator; §8 toasts on success and failure. */
export function ProgramDetailsDialog({ open, onClose, offer, desiredPrice }: ProgramDetailsDialogProps) {
  // A sent form starts blank the next time: a new key mounts a new one.
  const [sent, setSent] = useState(0);
  const submit = useSubmitLead({
    onSuccess: () => {
      notify.success('Your information has been submitted successfully!');
      setSent((count) => count + 1);
      onClose();
    },
    onError: (failure) => notify.error(leadErrorMessage(failure, 'Failed to submit form. Please try again.')),
  });

  return (
    <Modal title="MLS/Retail Program Details" open={open} onClose={onClose} size="large">
      <ProgramDetailsForm
        key={`${sent}:${offer.address}`}
        initial={{ fullName: '', phone: '', email: '', address: offer.address }}
        askAddress
        intro="Tell us about your home and a program specialist will contact you. Every field except the notes is required."
        cancelLabel="Cancel"
        submittingLabel="Submitting..."
        submitting={submit.isPending}
        onSubmit={(program) =>
          submit.mutate({
            kind: 'program',
            ...program,
            marketValue: offer.marketValue,
            offerRange: offer.offerRange,
            desiredPrice,
          })
        }
        onCancel={onClose}
      />
    </Modal>
  );
}
