import { useState } from 'react';
import { formatMoney } from '#domain/money/format-money.ts';
import { ApiError } from '#web/api/api-client.ts';
import { Modal } from '#web/components/modal.tsx';
import { notify } from '#web/components/notify.ts';
import { OutboxNotice } from '#web/components/outbox-notice.tsx';
import { isSenderRequirement, SenderRequirement } from '#web/components/sender-requirement.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { formatLeadTime, formatOfferRange } from './lead-labels';
import { useSendRevisedOffer, type LeadDetail } from './leads-api';
import {
  revisedOfferFormField,
  RevisedOfferFormSchema,
  type RevisedOfferFormValues,
} from './revised-offer-form-schema';

type Lead = LeadDetail['lead'];
type SentOffer = { url: string; expiresAt: string; offerRange: { low: number; high: number } };

interface RevisedOfferDialogProps {
  lead: Lead;
  open: boolean;
  onClose: () => void;
}

const initialValues = (lead: Lead): RevisedOfferFormValues => ({
  low: lead.offerRange ? String(lead.offerRange.low) : '',
  high: lead.offerRange ? String(lead.offerRange.high) : '',
  marketValue: '',
  message: '',
});

/**
 * 'Send revised offer': a new range (and a message) for this homeowner. The server makes a new
 * answerable offer link, valid 7 days, and queues its e-mail in the outbox; the dialog then says
 * so, with the link, rather than claiming the e-mail was delivered.
 */
export function RevisedOfferDialog({ lead, open, onClose }: RevisedOfferDialogProps) {
  const send = useSendRevisedOffer(lead.id);
  const form = useSchemaForm(RevisedOfferFormSchema, initialValues(lead));
  const [sent, setSent] = useState<SentOffer | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A refusal the sender fixes themselves (verify the e-mail, add a postal address), with the way to.
  const [requirement, setRequirement] = useState<ApiError | null>(null);

  const close = () => {
    setSent(null);
    setRefusal(null);
    setRequirement(null);
    form.reset(initialValues(lead));
    onClose();
  };

  return (
    <Modal title="Send revised offer" open={open} onClose={close}>
      {sent ? (
        <div className="revised-offer-sent" role="status">
          <p>
            The revised offer of <strong>{formatOfferRange(sent.offerRange)}</strong> is queued to be e-mailed to{' '}
            <strong>{lead.email}</strong> with its own offer link, valid until {formatLeadTime(sent.expiresAt)}.
          </p>
          <OutboxNotice />
          <p className="revised-offer-link">
            <a href={sent.url} target="_blank" rel="noreferrer">
              {sent.url}
            </a>
          </p>
          <div className="form-actions">
            <button type="button" className="button button-primary" onClick={close}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit((request) => {
            setRefusal(null);
            setRequirement(null);
            return send.mutateAsync(request).then(
              ({ offerLink }) => {
                notify.success(`Revised offer queued for ${lead.email ?? 'the homeowner'}`);
                setSent(offerLink);
              },
              (error: unknown) => {
                if (isSenderRequirement(error)) return setRequirement(error);
                const field = error instanceof ApiError ? revisedOfferFormField(error.field) : null;
                const message =
                  error instanceof ApiError && error.status < 500
                    ? error.message
                    : 'Could not send the revised offer. Please try again.';
                if (field) form.showError(field, message);
                else setRefusal(message);
              },
            );
          })}
        >
          <p className="muted">
            {lead.address}
            {lead.marketValue !== null && ` · market value ${formatMoney(lead.marketValue)}`}
            {lead.offerRange && ` · current offer ${formatOfferRange(lead.offerRange)}`}
          </p>
          <div className="form-grid">
            <TextField id="revised-low" label="Low offer ($)" {...form.field('low')} />
            <TextField id="revised-high" label="High offer ($)" {...form.field('high')} />
          </div>
          {lead.marketValue === null && (
            <TextField id="revised-market-value" label="Market value ($)" {...form.field('marketValue')} />
          )}
          <TextAreaField
            id="revised-message"
            label="Message to the homeowner (optional)"
            maxLength={2000}
            {...form.field('message')}
          />
          <p className="field-hint">
            The homeowner gets a new offer link by e-mail at {lead.email}; their answer comes back to this lead.
          </p>
          {refusal && (
            <p className="export-error" role="alert">
              {refusal}
            </p>
          )}
          {requirement && <SenderRequirement refusal={requirement} />}
          <div className="form-actions">
            <button type="button" className="button button-secondary" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="button button-primary" disabled={form.submitting}>
              {form.submitting ? 'Sending...' : 'Send revised offer'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
