import { useId, useState } from 'react';
import { TypedCompSchema, type ArvComp, type TypedCompInput } from '#domain/arv/arv-request-schema.ts';
import { TextField } from '#web/components/text-field.tsx';
import { useSchemaForm } from '#web/components/use-schema-form.ts';

const blank: TypedCompInput = {
  price: '',
  soldDate: '',
  sqft: '',
  beds: '',
  baths: '',
  yearBuilt: '',
  address: '',
  lat: '',
  lng: '',
};

// Labels say "comp" so that they stay distinct from the property's own facts in the same panel.
const FIELDS: { key: keyof TypedCompInput; label: string; type?: string; optional?: true }[] = [
  { key: 'price', label: 'Comp sale price' },
  { key: 'soldDate', label: 'Comp sold date', type: 'date' },
  { key: 'sqft', label: 'Comp living area (sq ft)' },
  { key: 'beds', label: 'Comp beds', optional: true },
  { key: 'baths', label: 'Comp baths', optional: true },
  { key: 'yearBuilt', label: 'Comp year built', optional: true },
  { key: 'address', label: 'Comp address', optional: true },
  { key: 'lat', label: 'Comp latitude', optional: true },
  { key: 'lng', label: 'Comp longitude', optional: true },
];

/**
 * Comps typed one by one (issue 28): price, sold date and square feet required, the rest
 * optional, checked by the shared TypedCompSchema with its messages; each valid row is added to
 * the panel's comps and the form starts again at the price.
 */
export function TypedCompForm({ onAdd }: { onAdd: (comp: ArvComp) => void }) {
  const id = useId();
  const form = useSchemaForm(TypedCompSchema, blank);
  const [added, setAdded] = useState('');

  return (
    <form
      className="arv-manual-row"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={form.handleSubmit((comp) => {
        onAdd(comp);
        form.reset();
        setAdded(`Added ${comp.address ?? 'the comp'} (${comp.soldDate}).`);
        // The next comp starts at its price.
        document.getElementById(`${id}-price`)?.focus();
      })}
    >
      <h3 id={`${id}-title`} className="arv-manual-actions">
        Or type a comp
      </h3>
      <p className="field-hint arv-manual-actions">
        Sale price, sold date and square feet are required; latitude and longitude go together.
      </p>
      {FIELDS.map(({ key, label, type, optional }) => {
        const binding = form.field(key);
        return (
          <TextField
            key={key}
            id={`${id}-${key}`}
            label={optional ? `${label} (optional)` : label}
            type={type}
            {...binding}
          />
        );
      })}
      <div className="arv-manual-actions">
        <button type="submit" className="button button-secondary">
          Add comp
        </button>
        <span role="status" className="muted">
          {' '}
          {added}
        </span>
      </div>
    </form>
  );
}
