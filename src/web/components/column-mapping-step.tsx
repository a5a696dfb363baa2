import { Fragment, useId, useState } from 'react';

export const mappingStepMessages = {
  intro:
    'Some columns this list needs have names we do not know. Pick each one once: this workspace remembers them for the next list.',
  choose: 'Choose a column',
  notInFile: 'Not in this file',
  missing: (field: string) => `Choose the column that holds the ${field.toLowerCase()}`,
  sample: 'Sample',
  noSample: 'No sample value in the first rows',
} as const;

/** A file whose needed columns were not recognised: its headers, first rows (for samples) and the fields to pick. */
export interface ColumnMappingRequest<Field extends string> {
  headers: string[];
  samples: string[][];
  fields: Field[];
  /** Fields offered but not required (a list's mailing address): none chosen is fine. */
  optionalFields?: Field[];
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
  optionalIntro,
  onApply,
  onChooseAnother,
}: {
  fileName: string;
  request: ColumnMappingRequest<Field>;
  /** What the step calls each field. */
  labels: Readonly<Record<Field, string>>;
  intro?: string;
  /** Said before the optional fields. */
  optionalIntro?: string;
  onApply: (mapping: Partial<Record<Field, string>>) => void;
  onChooseAnother: () => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<Partial<Record<string, number>>>({});
  const [error, setError] = useState<string | null>(null);

  const fields = [...request.fields, ...(request.optionalFields ?? [])];
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
    for (const field of fields) {
      const column = chosen[field];
      if (column !== undefined) mapping[field] = request.headers[column];
    }
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
      {fields.map((field, index) => {
        const column = chosen[field];
        const samples = column === undefined ? [] : samplesOf(column);
        const optional = index >= request.fields.length;
        return (
          <Fragment key={field}>
            {optional && index === request.fields.length && optionalIntro && <p className="muted">{optionalIntro}</p>}
            <div className="bulk-mapping-field">
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
                <option value="">{optional ? mappingStepMessages.notInFile : mappingStepMessages.choose}</option>
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
          </Fragment>
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
