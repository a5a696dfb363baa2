import { useEffect, useRef } from 'react';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import { ApiError } from '#web/api/api-client.ts';
import { notify } from '#web/components/notify.ts';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { CustomTemplateFormSchema, formValuesOf, type CustomTemplateFormValues } from './custom-template-form-schema';
import { useSaveCustomTemplate, type CustomTemplate } from './custom-templates-api';

const labels: Record<keyof CustomTemplateFormValues, string> = {
  name: 'Template name',
  description: 'Description (optional)',
  arvMultiplier: 'ARV multiplier (e.g. 0.7)',
  repairMultiplier: 'Repair multiplier (e.g. 1)',
  minProfit: 'Minimum profit ($)',
  maxProfit: 'Maximum profit ($)',
  buyingClosingCosts: 'Buying closing costs ($)',
  holdingMonths: 'Holding months',
  holdingMonthlyCost: 'Holding cost per month ($)',
  sellingCostPercent: 'Selling costs (% of ARV)',
  financingCosts: 'Financing costs ($)',
  assignmentFee: 'Assignment fee ($)',
};
const formulaFields = ['arvMultiplier', 'repairMultiplier', 'minProfit', 'maxProfit'] as const;
const costFields = [
  'buyingClosingCosts',
  'holdingMonths',
  'holdingMonthlyCost',
  'sellingCostPercent',
  'financingCosts',
  'assignmentFee',
] as const;

interface CustomTemplateFormProps {
  /** The template to edit; a new one without. */
  editing?: CustomTemplate;
  onSaved: (template: FormulaTemplate) => void;
  onCancel: () => void;
}

/** A Pro user's template: the formula's figures and, optionally, the costs of a full maximum-offer formula. */
export function CustomTemplateForm({ editing, onSaved, onCancel }: CustomTemplateFormProps) {
  const form = useSchemaForm(CustomTemplateFormSchema, formValuesOf(editing));
  const save = useSaveCustomTemplate();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);

  const field = (key: keyof CustomTemplateFormValues) => (
    <TextField key={key} id={`template-${key}`} label={labels[key]} {...form.field(key)} />
  );

  return (
    <form
      className="custom-template-form"
      aria-labelledby="custom-template-form-title"
      noValidate
      onSubmit={form.handleSubmit((template) =>
        save
          .mutateAsync({ id: editing?.id, template })
          .then((saved) => {
            notify.success(`${saved.name} template saved`);
            onSaved(saved);
          })
          .catch((error: unknown) => {
            if (error instanceof ApiError && error.field === 'name') form.showError('name', error.message);
            else
              notify.error(
                error instanceof ApiError && error.status < 500
                  ? error.message
                  : 'Failed to save the template. Please try again.',
              );
          }),
      )}
    >
      <h3 id="custom-template-form-title" tabIndex={-1} ref={titleRef}>
        {editing ? `Edit ${editing.name}` : 'New template'}
      </h3>
      {field('name')}
      {field('description')}
      <div className="form-grid">{formulaFields.map(field)}</div>
      <fieldset className="custom-template-costs">
        <legend>Full maximum offer (optional)</legend>
        <p className="field-hint">Costs taken off the buyer’s value before the profit; leave empty for none.</p>
        <div className="form-grid">{costFields.map(field)}</div>
      </fieldset>
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          {form.submitting ? 'Saving...' : 'Save template'}
        </button>
      </div>
    </form>
  );
}
