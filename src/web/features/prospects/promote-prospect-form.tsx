import { z } from 'zod';
import { counterHasPrice, PromoteProspectFields } from '#domain/prospects/prospect-requests.ts';
import { ApiError } from '#web/api/api-client.ts';
import { notify } from '#web/components/notify.ts';
import { SelectField } from '#web/components/select-field.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';
import { usePromoteProspect } from './prospects-api';

/** The form as typed: the price is text ('$150,000'), '' for none. */
const PromoteFormSchema = PromoteProspectFields.extend({
  desiredPrice: z
    .string()
    .transform((typed) => {
      const cleaned = typed.replace(/[$,\s]/g, '');
      return cleaned === '' ? undefined : Number(cleaned);
    })
    .pipe(PromoteProspectFields.shape.desiredPrice),
}).refine(...counterHasPrice);

const saidOptions = [
  { value: 'accept', label: 'Takes the offer' },
  { value: 'counter', label: 'Named a price' },
  { value: 'program', label: 'Asked about the MLS/Retail program' },
] as const;

/** "Promote to lead" after a call: what the owner said, the price they named, a note; the prospect becomes a lead. */
export function PromoteProspectForm({ prospectId, onPromoted }: { prospectId: string; onPromoted: () => void }) {
  const promote = usePromoteProspect(prospectId);
  const form = useSchemaForm(PromoteFormSchema, { kind: '', desiredPrice: '', note: '' });
  return (
    <form
      className="prospect-promote"
      aria-labelledby="promote-title"
      noValidate
      onSubmit={form.handleSubmit((request) =>
        promote.mutateAsync(request).then(
          () => {
            notify.success('Promoted to lead: they are in Leads now');
            onPromoted();
          },
          (error: unknown) => {
            const message = error instanceof ApiError ? error.message : 'We could not promote them. Please try again.';
            if (error instanceof ApiError && error.field === 'desiredPrice') form.showError('desiredPrice', message);
            else notify.error(message);
          },
        ),
      )}
    >
      <h3 id="promote-title">Promote to lead</h3>
      <p className="muted">After a call: they join Leads, assigned to you.</p>
      <SelectField
        id="promote-kind"
        label="What the owner said"
        placeholder="Choose one"
        options={saidOptions}
        {...form.field('kind')}
      />
      {form.values.kind === 'counter' && (
        <TextField id="promote-price" label="The price they named ($)" {...form.field('desiredPrice')} />
      )}
      <TextAreaField id="promote-note" label="Note (optional)" {...form.field('note')} />
      <button type="submit" className="button button-primary" disabled={form.submitting}>
        {form.submitting ? 'Promoting...' : 'Promote to lead'}
      </button>
    </form>
  );
}
