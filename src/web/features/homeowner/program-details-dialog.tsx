import { useMutation } from '@tanstack/react-query';
import { formatPhoneInput } from '../../../domain/contact/phone';
import { MlsProgramSchema, type MlsProgram, type MlsProgramInput } from '../../../domain/leads/mls-program-schema';
import type { OfferRange } from '../../../domain/offer/compute-offer-range';
import { MlsProgramFields } from '../../components/mls-program-fields';
import { Modal } from '../../components/modal';
import { notify } from '../../components/notify';
import { useSchemaForm } from '../../components/use-schema-form';
import { leadErrorMessage, submitLead } from './leads-api';

type FieldName = keyof MlsProgramInput;
/** The form as typed: selects hold '' until a choice is made. */
type FormValues = Record<FieldName, string>;

interface ProgramDetailsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The offer the homeowner came from: the address prefills the form, the figures go with the request. */
  offer: { address: string; marketValue: number; offerRange: OfferRange };
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
  const form = useSchemaForm(MlsProgramSchema, blank);

  const submit = useMutation({
    mutationFn: (program: MlsProgram) =>
      submitLead({
        kind: 'program',
        ...program,
        marketValue: offer.marketValue,
        offerRange: offer.offerRange,
        desiredPrice,
      }),
    onSuccess: () => {
      notify.success('Your information has been submitted successfully!');
      form.reset(blank);
      onClose();
    },
    onError: (failure) => notify.error(leadErrorMessage(failure, 'Failed to submit form. Please try again.')),
  });

  return (
    <Modal title="MLS/Retail Program Details" open={open} onClose={onClose} size="large">
      <form
        noValidate
        // A refused submit shows every message and takes the keyboard to the first field to fix.
        onSubmit={form.handleSubmit((program) => submit.mutate(program))}
      >
        <p className="muted">
          Tell us about your home and a program specialist will contact you. Every field except the notes is required.
        </p>
        <MlsProgramFields
          fields={{
            fullName: form.field('fullName'),
            phone: form.field('phone', formatPhoneInput),
            email: form.field('email'),
            address: form.field('address'),
            condition: form.field('condition'),
            timeframe: form.field('timeframe'),
            notes: form.field('notes'),
          }}
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
