import { useId, useState } from 'react';

export const mappingStepMessages = {
  intro:
    'Some columns this list needs have names we do not know. Pick each one once: this workspace remembers them for the next list.',
  choose: 'Choose a column',
  missing: (field: string) => `Choose the column that holds the ${field.toLowerCase()}`,
  sample: 'Sample',
  noSample: 'No sample value in the first rows',
} as const;

/** A file whose needed columns were not recognised: its headers, first rows (for samples) and the fields to pick. */
export interface ColumnMappingRequest<Field extends string> {
  headers: string[];
  samples: string[][];
  fields: Field[];
}

/**
 * A CSV import's mapping step (the bulk import's owner lists, issue 41; the buyers list, issue 39):
 * a file whose needed columns are not recognised. Each needed field gets a select of the file's
 * columns and the chosen column's first values; then the file is read with them.
 */
export function ColumnMappingStep<Field extends string>({
  fileName,
  request,
  labels,
  intro = mappingStepMessages.intro,
  onApply,
  onChooseAnother,
}: {
  fileName: string;
  request: ColumnMappingRequest<Field>;
  /** What the step calls each field. */
  labels: Readonly<Record<Field, string>>;
  intro?: string;
  onApply: (mapping: Partial<Record<Field, string>>) => void;
  onChooseAnother: () => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<Partial<Record<string, number>>>({});
  const [error, setError] = useState<string | null>(null);

  const samplesOf = (column: number) =>
    request.samples.map((row) => row[column]?.trim() ?? '').filter((value) => value !== '');

  const apply = () => {
    const missing = request.fields.find((field) => chosen[field] === undefined);
    if (missing) {
      setError(mappingStepMessages.missing(labels[missing]));
      document.getElementById(`${id}-${missing}`)?.focus();
      return;
    }
    const mapping: Partial<Record<Field, string>> = {};
    for (const field of request.fields) mapping[field] = request.headers[chosen[field]!];
    onApply(mapping);
  };

  return (
    <form
      className="bulk-mapping"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <h3 id={`${id}-title`} className="bulk-mapping-title">
        Which columns of {fileName} hold these?
      </h3>
      <p className="muted">{intro}</p>
      {request.fields.map((field) => {
        const column = chosen[field];
        const samples = column === undefined ? [] : samplesOf(column);
        return (
          <div key={field} className="bulk-mapping-field">
            <label htmlFor={`${id}-${field}`}>{labels[field]}</label>
            <select
              id={`${id}-${field}`}
              value={column ?? ''}
              aria-describedby={`${id}-${field}-sample`}
              onChange={(event) => {
                setError(null);
                setChosen((current) => ({
                  ...current,
                  [field]: event.target.value === '' ? undefined : Number(event.target.value),
                }));
              }}
            >
              <option value="">{mappingStepMessages.choose}</option>
              {request.headers.map((header, index) => (
                <option key={index} value={index}>
                  {header || `Column ${index + 1}`}
                </option>
              ))}
            </select>
            <p id={`${id}-${field}-sample`} className="muted bulk-mapping-sample">
              {column === undefined
                ? ''
                : samples.length > 0
                  ? `${mappingStepMessages.sample}: ${samples.join(' · ')}`
                  : mappingStepMessages.noSample}
            </p>
          </div>
        );
      })}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <div className="modal-actions bulk-actions">
        <button type="button" className="button button-secondary" onClick={onChooseAnother}>
          Choose another file
        </button>
        <button type="submit" className="button button-primary">
          Use these columns
        </button>
      </div>
    </form>
  );
}
