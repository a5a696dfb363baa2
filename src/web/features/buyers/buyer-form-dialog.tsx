import { useState } from 'react';
import {
  BUYER_PROPERTY_TYPES,
  BUYER_STRATEGIES,
  BuyerFormSchema,
  buyerPropertyTypeLabels,
  buyerStrategyLabels,
  type BuyerFormValues,
} from '#domain/buyers/buyer-request.ts';
import { ApiError, serverErrorMessage } from '#web/api/api-client.ts';
import { Modal } from '#web/components/modal.tsx';
import { notify } from '#web/components/notify.ts';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { useSaveBuyer, useUploadProofOfFunds, type BuyerSummary } from './buyers-api';
import { ProofOfFundsFile } from './proof-of-funds-file';

const dollarsText = (value: number | null) => (value === null ? '' : String(value));

/** The form's values for a buyer (null: a new one, every field empty). */
export function buyerFormValues(buyer: BuyerSummary | null): BuyerFormValues {
  return {
    name: buyer?.name ?? '',
    company: buyer?.company ?? '',
    email: buyer?.email ?? '',
    phone: buyer?.phone ?? '',
    areas: buyer?.areas.join(', ') ?? '',
    propertyTypes: buyer?.propertyTypes.join(',') ?? '',
    priceMin: dollarsText(buyer?.priceMin ?? null),
    priceMax: dollarsText(buyer?.priceMax ?? null),
    maxRepairs: dollarsText(buyer?.maxRepairs ?? null),
    strategies: buyer?.strategies.join(',') ?? '',
    proofOfFundsAmount: dollarsText(buyer?.proofOfFundsAmount ?? null),
    proofOfFundsExpiresOn: buyer?.proofOfFundsExpiresOn ?? '',
    notes: buyer?.notes ?? '',
  };
}

/**
 * Add or edit a buyer: their details, buy box and proof of funds (a file chosen here is uploaded once
 * the buyer is saved), checked by the rules the server applies.
 */
export function BuyerFormDialog({ buyer, onClose }: { buyer: BuyerSummary | null; onClose: () => void }) {
  const save = useSaveBuyer(buyer?.id ?? null);
  const uploadFile = useUploadProofOfFunds();
  const [proofOfFundsFile, setProofOfFundsFile] = useState<File | null>(null);
  const form = useSchemaForm(BuyerFormSchema, buyerFormValues(buyer));
  const title = buyer ? `Edit ${buyer.name}` : 'Add a buyer';

  const toggle = (field: 'propertyTypes' | 'strategies', value: string, on: boolean) =>
    form.setValues((current) => {
      const chosen = new Set(current[field].split(',').filter(Boolean));
      if (on) chosen.add(value);
      else chosen.delete(value);
      return { ...current, [field]: [...chosen].join(',') };
    });

  return (
    <Modal title={title} open onClose={onClose} size="large">
      <form
        className="buyer-form"
        noValidate
        onSubmit={form.handleSubmit((request) =>
          save.mutateAsync(request).then(
            async ({ buyer: saved }) => {
              if (proofOfFundsFile) {
                try {
                  await uploadFile.mutateAsync({ buyerId: saved.id, file: proofOfFundsFile });
                } catch (error) {
                  // The buyer is saved: the dialog closes and says what became of the file.
                  notify.error(
                    `${buyer ? 'Buyer saved' : 'Buyer added'}, but not the proof-of-funds file: ${serverErrorMessage(error, 'it could not be uploaded. Please try again.')}`,
                  );
                  onClose();
                  return;
                }
              }
              notify.success(buyer ? 'Buyer saved' : 'Buyer added');
              onClose();
            },
            (error: unknown) => {
              const message = serverErrorMessage(error, 'We could not save this buyer. Please try again.');
              if (error instanceof ApiError && error.code === 'buyer-email-taken') form.showError('email', message);
              else notify.error(message);
            },
          ),
        )}
      >
        <fieldset className="buyer-form-group">
          <legend>Contact</legend>
          <TextField id="buyer-name" label="Name" autoComplete="off" {...form.field('name')} />
          <TextField id="buyer-company" label="Company (optional)" autoComplete="off" {...form.field('company')} />
          <TextField id="buyer-email" label="E-mail" type="email" autoComplete="off" {...form.field('email')} />
          <TextField id="buyer-phone" label="Phone" type="tel" autoComplete="off" {...form.field('phone')} />
        </fieldset>
        <fieldset className="buyer-form-group">
          <legend>Buy box</legend>
          <TextField
            id="buyer-areas"
            label="Areas: ZIP codes or cities, separated by commas (empty: anywhere)"
            {...form.field('areas')}
          />
          <CheckboxGroup
            legend="Property types (none ticked: any)"
            name="buyer-types"
            options={BUYER_PROPERTY_TYPES.map((value) => ({ value, label: buyerPropertyTypeLabels[value] }))}
            chosen={form.values.propertyTypes}
            onToggle={(value, on) => toggle('propertyTypes', value, on)}
          />
          <div className="buyer-form-row">
            <TextField id="buyer-price-min" label="Lowest price ($)" {...form.field('priceMin')} />
            <TextField id="buyer-price-max" label="Highest price ($)" {...form.field('priceMax')} />
          </div>
          <TextField id="buyer-max-repairs" label="Maximum repairs ($)" {...form.field('maxRepairs')} />
          <CheckboxGroup
            legend="Strategies (none ticked: either)"
            name="buyer-strategies"
            options={BUYER_STRATEGIES.map((value) => ({ value, label: buyerStrategyLabels[value] }))}
            chosen={form.values.strategies}
            onToggle={(value, on) => toggle('strategies', value, on)}
          />
        </fieldset>
        <fieldset className="buyer-form-group">
          <legend>Proof of funds</legend>
          <div className="buyer-form-row">
            <TextField id="buyer-pof-amount" label="Amount ($)" {...form.field('proofOfFundsAmount')} />
            <TextField
              id="buyer-pof-expires"
              label="Valid until"
              type="date"
              {...form.field('proofOfFundsExpiresOn')}
            />
          </div>
          <ProofOfFundsFile buyer={buyer} chosen={proofOfFundsFile} onChoose={setProofOfFundsFile} />
        </fieldset>
        <TextAreaField id="buyer-notes" label="Notes (optional)" {...form.field('notes')} />
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={form.submitting}>
            {form.submitting ? 'Saving...' : buyer ? 'Save buyer' : 'Add buyer'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function CheckboxGroup({
  legend,
  name,
  options,
  chosen,
  onToggle,
}: {
  legend: string;
  name: string;
  options: { value: string; label: string }[];
  /** The ticked values, comma-separated. */
  chosen: string;
  onToggle: (value: string, on: boolean) => void;
}) {
  const ticked = new Set(chosen.split(',').filter(Boolean));
  return (
    <fieldset className="buyer-checkboxes">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="buyer-checkbox">
          <input
            type="checkbox"
            name={name}
            value={option.value}
            checked={ticked.has(option.value)}
            onChange={(event) => onToggle(option.value, event.target.checked)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
