import type { ArvSubject } from '#domain/arv/arv-request-schema.ts';
import type { SubjectTexts } from './arv-comps-state';

const SUBJECT_FIELDS: { key: keyof ArvSubject; label: string }[] = [
  { key: 'sqft', label: 'Living area (sq ft)' },
  { key: 'beds', label: 'Beds' },
  { key: 'baths', label: 'Baths' },
  { key: 'yearBuilt', label: 'Year built' },
  { key: 'lotSqft', label: 'Lot (sq ft)' },
  { key: 'lat', label: 'Latitude' },
  { key: 'lng', label: 'Longitude' },
];

/** The property's own facts, as typed; `id` prefixes the fields' ids. */
export function ArvSubjectFields({
  id,
  texts,
  onType,
}: {
  id: string;
  texts: SubjectTexts;
  onType: (key: keyof ArvSubject, text: string) => void;
}) {
  return (
    <fieldset className="arv-subject">
      <legend>The property</legend>
      {SUBJECT_FIELDS.map((field) => (
        <div className="field" key={field.key}>
          <label htmlFor={`${id}-${field.key}`}>{field.label}</label>
          <input
            id={`${id}-${field.key}`}
            inputMode="decimal"
            value={texts[field.key] ?? ''}
            onChange={(event) => onType(field.key, event.target.value)}
          />
        </div>
      ))}
    </fieldset>
  );
}
