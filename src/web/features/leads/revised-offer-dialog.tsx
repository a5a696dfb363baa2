import { useMemo, useState } from 'react';
import { formatMoney } from '#domain/money/format-money.ts';
import { builtInTemplates, defaultTemplate } from '#domain/offer/built-in-templates.ts';
import {
  computeOfferReceipt,
  namedFormula,
  offerIsWorkable,
  type NamedOfferFormula,
  type OfferReceipt,
} from '#domain/offer/compute-offer-range.ts';
import { ApiError } from '#web/api/api-client.ts';
import { Modal } from '#web/components/modal.tsx';
import { notify } from '#web/components/notify.ts';
import { OfferReceiptView } from '#web/components/offer-receipt.tsx';
import { OutboxNotice } from '#web/components/outbox-notice.tsx';
import { SelectField } from '#web/components/select-field.tsx';
import { isSenderRequirement, SenderRequirement } from '#web/components/sender-requirement.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { formatLeadTime, formatOfferRange } from './lead-labels';
import { useSendRevisedOffer, type LeadDetail } from './leads-api';
import {
  revisedOfferFormField,
  revisedOfferFormSchema,
  type RevisedOfferFormValues,
} from './revised-offer-form-schema';

type Lead = LeadDetail['lead'];
type SentOffer = {
  url: string;
  expiresAt: string;
  offerRange: { low: number; high: number };
  receipt: OfferReceipt;
  templateName: string;
};

/** The formulas the dialog offers: the one the deal was last computed with, then the built-ins. */
function formulasFor(lead: Lead): NamedOfferFormula[] {
  const dealFormula = lead.dealFigures.formula;
  const builtIns = builtInTemplates.map(namedFormula);
  if (!dealFormula) return builtIns;
  return [dealFormula, ...builtIns.filter((formula) => formula.name.toLowerCase() !== dealFormula.name.toLowerCase())];
}

interface RevisedOfferDialogProps {
  lead: Lead;
  open: boolean;
  onClose: () => void;
}

const initialValues = (lead: Lead): RevisedOfferFormValues => ({
  marketValue: lead.marketValue === null ? '' : String(lead.marketValue),
  repairs: String(lead.totalRepairCost),
  templateName: lead.dealFigures.formula?.name ?? defaultTemplate.name,
  message: '',
});

/**
 * 'Send revised offer' (issue 42 §4): the deal's after-repair value and repairs, as the walkthrough
 * left them, and the formula; the range and how it is computed follow as they are typed, and the
 * server computes it again from the same figures. The server makes a new answerable offer link,
 * valid 7 days, and queues its e-mail in the outbox; the dialog then says so, with the link and the
 * math, rather than claiming the e-mail was delivered.
 */
export function RevisedOfferDialog({ lead, open, onClose }: RevisedOfferDialogProps) {
  const send = useSendRevisedOffer(lead.id);
  const schema = useMemo(() => revisedOfferFormSchema(lead.repairs), [lead.repairs]);
  const form = useSchemaForm(schema, initialValues(lead));
  const formulas = formulasFor(lead);
  const formula = formulas.find((candidate) => candidate.name === form.values.templateName) ?? formulas[0];
  const preview =
    form.result.success && formula
      ? computeOfferReceipt({
          marketValue: form.result.data.marketValue,
          totalRepairCost: form.result.data.repairs.reduce((total, repair) => total + repair.cost, 0),
          template: formula,
        })
      : null;
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
          <OfferReceiptView receipt={sent.receipt} audience="wholesaler" templateName={sent.templateName} />
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
              ({ offerLink, receipt, templateName }) => {
                notify.success(`Revised offer queued for ${lead.email ?? 'the homeowner'}`);
                setSent({ ...offerLink, receipt, templateName });
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
            {lead.offerRange && ` · current offer ${formatOfferRange(lead.offerRange)}`}
          </p>
          <div className="form-grid">
            <TextField id="revised-market-value" label="After-repair value ($)" {...form.field('marketValue')} />
            <TextField id="revised-repairs" label="Repairs ($)" {...form.field('repairs')} />
          </div>
          {lead.repairs.length > 0 && (
            <p className="field-hint">
              The deal&apos;s repairs:{' '}
              {lead.repairs.map((repair) => `${repair.name} ${formatMoney(repair.cost)}`).join(', ')}. A different total
              is sent as the walkthrough&apos;s figure.
            </p>
          )}
          <SelectField
            id="revised-template"
            label="Formula"
            placeholder="Choose a formula"
            options={formulas.map((candidate) => ({ value: candidate.name, label: candidate.name }))}
            {...form.field('templateName')}
          />
          <div className="revised-offer-preview" aria-live="polite">
            {preview && offerIsWorkable(preview.range) ? (
              <>
                <p>
                  New offer: <strong>{formatOfferRange(preview.range)}</strong>
                </p>
                <OfferReceiptView receipt={preview} audience="wholesaler" templateName={formula?.name} />
              </>
            ) : (
              <p className="muted">Enter the after-repair value and repairs to see the new offer.</p>
            )}
          </div>
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
