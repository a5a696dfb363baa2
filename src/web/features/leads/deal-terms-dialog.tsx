import { useId } from 'react';
import { leadStatusLabels } from '#domain/leads/lead-status.ts';
import { ApiError } from '#web/api/api-client.ts';
import { Modal } from '#web/components/modal.tsx';
import { notify } from '#web/components/notify.ts';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import {
  ClosingTermsFormSchema,
  ContractTermsFormSchema,
  type ClosingTermsFormValues,
  type ContractTermsFormValues,
} from './deal-terms-form-schema';
import { useChangeLeadStatus, type LeadDetail } from './leads-api';

type Lead = LeadDetail['lead'];

interface DealTermsDialogProps {
  lead: Lead;
  onClose: () => void;
}

const typed = (amount: number | null | undefined) => (amount === null || amount === undefined ? '' : String(amount));

/** The server's refusal, on its field when it names one of the form's, else on `fallback`. */
function refusalMessage(error: unknown) {
  return error instanceof ApiError && error.status < 500
    ? error.message
    : 'Could not save the terms. Please try again.';
}
function refusalField<Field extends string>(error: unknown, fields: readonly Field[], fallback: Field): Field {
  const named = error instanceof ApiError ? error.field?.split('.').at(-1) : undefined;
  return fields.find((field) => field === named) ?? fallback;
}

/** Moving a lead to Under Contract (issue 42 §4): the contract price and date, and what is known of the closing. */
export function ContractTermsDialog({ lead, onClose }: DealTermsDialogProps) {
  const change = useChangeLeadStatus(lead.id);
  const terms = lead.dealTerms;
  const form = useSchemaForm(ContractTermsFormSchema, {
    contractPrice: typed(terms?.contractPrice),
    contractDate: terms?.contractDate ?? '',
    closingDate: terms?.closingDate ?? '',
    titleCompany: terms?.titleCompany ?? '',
    earnestMoney: typed(terms?.earnestMoney),
  } satisfies ContractTermsFormValues);
  const id = useId();
  const fields = ['contractPrice', 'contractDate', 'closingDate', 'titleCompany', 'earnestMoney'] as const;
  return (
    <Modal title={`Move to ${leadStatusLabels['under-contract']}`} open onClose={onClose}>
      <form
        noValidate
        onSubmit={form.handleSubmit((contract) =>
          change.mutateAsync({ status: 'under-contract', contract }).then(
            () => {
              notify.success(`Moved to ${leadStatusLabels['under-contract']}`);
              onClose();
            },
            (error: unknown) => form.showError(refusalField(error, fields, 'contractPrice'), refusalMessage(error)),
          ),
        )}
      >
        <p className="muted">{lead.address}</p>
        <div className="form-grid">
          <TextField id={`${id}-price`} label="Contract price ($)" {...form.field('contractPrice')} />
          <TextField id={`${id}-date`} label="Contract date" type="date" {...form.field('contractDate')} />
          <TextField id={`${id}-closing`} label="Closing date (optional)" type="date" {...form.field('closingDate')} />
          <TextField id={`${id}-earnest`} label="Earnest money ($, optional)" {...form.field('earnestMoney')} />
        </div>
        <TextField id={`${id}-title`} label="Title company (optional)" {...form.field('titleCompany')} />
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={form.submitting}>
            {form.submitting ? 'Saving...' : 'Save contract terms'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Moving a lead to Closed: what the wholesaler received, and the day it closed. */
export function ClosingTermsDialog({ lead, onClose }: DealTermsDialogProps) {
  const change = useChangeLeadStatus(lead.id);
  const terms = lead.dealTerms;
  const form = useSchemaForm(ClosingTermsFormSchema, {
    amountReceived: typed(terms?.amountReceived),
    closedOn: terms?.closedOn ?? terms?.closingDate ?? '',
  } satisfies ClosingTermsFormValues);
  const id = useId();
  return (
    <Modal title={`Move to ${leadStatusLabels.closed}`} open onClose={onClose}>
      <form
        noValidate
        onSubmit={form.handleSubmit((closing) =>
          change.mutateAsync({ status: 'closed', closing }).then(
            () => {
              notify.success(`Moved to ${leadStatusLabels.closed}`);
              onClose();
            },
            (error: unknown) =>
              form.showError(
                refusalField(error, ['amountReceived', 'closedOn'], 'amountReceived'),
                refusalMessage(error),
              ),
          ),
        )}
      >
        <p className="muted">{lead.address}</p>
        <div className="form-grid">
          <TextField id={`${id}-received`} label="Amount received ($)" {...form.field('amountReceived')} />
          <TextField id={`${id}-closed-on`} label="Closed on" type="date" {...form.field('closedOn')} />
        </div>
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={form.submitting}>
            {form.submitting ? 'Saving...' : 'Save and close the deal'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
